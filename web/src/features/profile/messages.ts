/**
 * What the profile screen shows after a successful update. A failed one shows the server's message, or
 * the general failure text "Unknown error, try again later" (useSubmit's default).
 */
export const profileMessages = {
  updated: 'Profile updated',
} as const;
