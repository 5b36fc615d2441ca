import type { Mail } from '../../lib/adapters/email';

/** The mails of an account deletion: when it is asked for, withdrawn, and done. */
export const deletionMails = {
  requested: (to: string, username: string, deleteBy: string): Mail => ({
    to,
    subject: 'Your account will be deleted',
    text:
      `We received a request to delete the account ${username}. The account and its data will be ` +
      `deleted within two working days, by ${deleteBy.slice(0, 10)}. Until the deletion starts you can withdraw ` +
      `the request on the Delete account page; once it has started it cannot be undone.`,
  }),
  withdrawn: (to: string, username: string): Mail => ({
    to,
    subject: 'Your account will not be deleted',
    text: `The request to delete the account ${username} was withdrawn. The account stays as it is.`,
  }),
  done: (to: string, username: string): Mail => ({
    to,
    subject: 'Your account has been deleted',
    text: `The account ${username} and its personal data have been deleted, as you asked.`,
  }),
};
