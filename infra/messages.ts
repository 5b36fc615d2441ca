/**
 * Texts of the mails Cognito sends for the portal. The CDK identity construct sets them on the pool;
 * the local stack's cognito-local launcher uses the same texts for its mailbox. `{####}` is the code.
 */
export const cognitoMails = {
  verification: {
    subject: 'Verify your account',
    text: 'Welcome to the power portal. Your verification code is {####}',
  },
  passwordReset: {
    subject: 'Reset your password',
    text: 'Your password reset code is {####}',
  },
} as const;
