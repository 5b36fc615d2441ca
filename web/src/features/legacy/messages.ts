/** What the Buy legacy licenses screen says. */
export const legacyTexts = {
  yearOneIntro: 'A new legacy license, valid for one year.',
  upgradesIntro: 'Each upgrade extends one of your licenses marked for it by one year.',
  noUpgrades: 'None of your licenses is marked for an upgrade.',
  buyUnavailable: 'Buying legacy licenses is not available yet.',
} as const;
