/**
 * Delete account: data is removed within two working days and it cannot be undone once the deletion
 * has started; until then (the daily deletion job's next run) the user may withdraw the request. The page
 * and its confirmation say it in the same words, with that moment.
 */

/** Whether it can be undone, and until when: the one sentence the page and the confirmation share. */
export const undoText = (until: string) =>
  `You can withdraw the request until the deletion starts, at ${until}; once it has started it cannot be undone.`;

export const deleteAccountTexts = {
  explanation:
    'When you request deletion, your account and the personal data we hold about you are removed within two working days.',
  requested: 'Your account will be deleted within two working days.',
  requestedOn: (date: string) => `Deletion requested on ${date}.`,
  deletedBy: (day: string) => `It will be gone by ${day} at the latest.`,
  byAdmin: 'An administrator asked for this deletion: ask support to withdraw it.',
  withdrawn: 'Deletion withdrawn: your account stays as it is.',
} as const;

/** What is asked before the request, with the moment until which it can be withdrawn. */
export const deleteAccountQuestion = (until: string) => ({
  title: 'Delete your account?',
  message: `Your account and the personal data we hold about you are deleted within two working days. ${undoText(until)}`,
  confirmLabel: 'Request deletion',
});
