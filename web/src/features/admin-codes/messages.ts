/** What the license code screens say: their form messages, confirmations and fixed texts. */
export const licenseCodeMessages = {
  type: 'Choose a license type',
  usage: 'Choose a license usage',
  duration: 'Duration is a whole number from 1 to 1000',
  count: 'Count is a whole number from 1 to 1000',
  validFromRequired: 'Enter the first day the code may be redeemed',
  validToRequired: 'Enter the last day the code may be redeemed',
  validToBeforeFrom: 'Valid to cannot be before valid from',
  description: 'Description is at most 500 characters',
} as const;

export const licenseCodeNotices = {
  generated: (count: number) => (count === 1 ? 'License code generated' : `${count} license codes generated`),
  copied: (count: number) => (count === 1 ? 'License code copied to the clipboard' : 'License codes copied to the clipboard'),
} as const;

export const licenseCodeTexts = {
  noCodes: 'No license codes yet.',
  noMatch: 'No license codes match the search.',
  codeCount: (count: number) => `${count} ${count === 1 ? 'license code' : 'license codes'}`,
  toGenerator: 'Generate license codes',
  toList: 'All license codes',
} as const;
