/** Confirmations the account screens show on the next page (texts of our own, not from the error catalogue). */
export const authNotices = {
  registered: 'Your account was created. Enter the verification code we sent to your email address.',
  registeredConfirmed: 'Your account was created. Sign in with your username and password.',
  codeResent: 'A new verification code was sent to your email address.',
  verified: 'Your account is verified. Sign in with your username and password.',
  resetCodeSent: 'A code was sent to the email address of your account. Enter it with your new password.',
  passwordReset: 'Your password was changed. Sign in with your new password.',
  passwordChanged: 'Password changed',
} as const;
