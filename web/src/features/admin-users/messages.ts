/** The admin users screen's texts. */
export const adminUserTexts = {
  userCount: (count: number) => (count === 1 ? '1 user' : `${count.toLocaleString('en-US')} users`),
  noMatch: 'No user matches the search.',
  noUsers: 'There are no users.',
  allLicenseTypes: 'All license types',
};
