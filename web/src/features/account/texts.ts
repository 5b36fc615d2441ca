/** Delete account: data is removed within two working days and it cannot be undone; these are the words. */
export const deleteAccountTexts = {
  explanation:
    'When you request deletion, your account and the personal data we hold about you are removed within two working days.',
  irreversible: 'This cannot be undone.',
  requested: 'Your account will be deleted within two working days.',
  requestedOn: (date: string) => `Deletion requested on ${date}.`,
} as const;
