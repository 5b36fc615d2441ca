/** Spec §8, Profile. */
export const profileMessages = {
  updated: 'Profile updated',
  failed: 'Unknown error, try again later',
} as const;
