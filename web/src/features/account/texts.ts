/** Delete account: data is removed within two working days and it cannot be undone; these are the words. */
export const deleteAccountTexts = {
  explanation:
    'When you request deletion, your account and the personal data we hold about you are removed within two working days.',
  irreversible: 'This cannot be undone.',
  requested: 'Your account will be deleted within two working days.',
  requestedOn: (date: string) => `Deletion requested on ${date}.`,
  withdrawable: 'You can withdraw the request until the deletion starts.',
  byAdmin: 'An administrator asked for this deletion: ask support to withdraw it.',
  withdrawn: 'Deletion withdrawn: your account stays as it is.',
} as const;

/** What is asked before the request: it is the start of something that cannot be undone. */
export const deleteAccountQuestion = {
  title: 'Delete your account?',
  message:
    'Your account and the personal data we hold about you are deleted within two working days. You can withdraw the request until the deletion starts; after that it cannot be undone.',
  confirmLabel: 'Request deletion',
} as const;
