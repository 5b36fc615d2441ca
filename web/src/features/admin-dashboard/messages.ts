/** The dashboard's and usage screen's words. */
export const dashboardTexts = {
  licenses: 'Licenses',
  users: 'Users',
  products: 'Products',
  cases: 'Cases',
  typesChart: 'Activated licenses per type',
  paymentChart: 'Subscription / perpetual',
  noLicenses: 'No licenses yet: the chart starts with the first valid license.',
  copied: 'The graph was copied as CSV.',
  ending: 'Licenses ending in the next 30 days',
  noneEnding: 'No license ends in the next 30 days.',
  moreEnding: (shown: number, count: number) => `The ${shown} ending soonest of ${count}: see All licenses for the rest.`,
  loadFailed: 'The figures could not be loaded.',
} as const;

export const usageTexts = {
  users: 'Users',
  userCount: 'Users of the desktop app',
  weekly: 'Weekly users',
  monthly: 'Monthly users',
  yearly: 'Yearly users',
  types: 'License types this month',
  versions: 'Versions this month',
  os: 'Operating systems this month',
  noUse: 'Nobody used the desktop app in this time yet.',
  peakChart: 'Seats held at most per day (last 90 days)',
  refusedChart: 'Reservations refused, every seat taken (last 90 days)',
  noSeats: 'No seat was reserved in the last 90 days.',
} as const;
