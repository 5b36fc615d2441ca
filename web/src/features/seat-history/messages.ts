import { SEAT_CHART_DAYS } from '../../../../shared/licenses/seat-history.contract';

/** What gave a machine the seat, and what ended its holding, in words. */
const started = { reserve: 'Reserved', takeover: 'Taken over', offline: 'Offline lease', return: 'Reserved', release: 'Reserved' } as const;
const ended = { return: 'returned', release: 'released', takeover: 'taken over by another machine', reserve: 'taken by another reservation', offline: 'taken by an offline lease' } as const;

export const seatHistoryTexts = {
  title: 'Seat history',
  ofLicense: (id: number) => `License ${id}`,
  backToLicenses: 'Back to Licenses',
  noSuchLicense: 'There is no such license.',
  ownOnly: 'You see your own use of this license: the times your machines held its seat and were turned away.',
  chart: `Seats in the last ${SEAT_CHART_DAYS} days`,
  organisationChart: `Seats of the organisation's licenses in the last ${SEAT_CHART_DAYS} days`,
  organisationSection: 'Seat history',
  organisationIntro: "Who held each license's seat and who was turned away: open a license's history from its id above.",
  showChart: 'Show the seat chart',
  /** The organisation's figure sums its licenses' highest of each day: they need not fall at the same hour. */
  organisationUpperBound: "Each day's seats in use add up each license's highest of that day, so they may be more than were in use at one moment.",
  inUse: 'Highest in use',
  owned: 'Seats owned',
  refused: 'Turned away',
  seats: 'Seats',
  noChart: 'No seats were owned or used in these days.',
  table: (id: number) => `Seat history of license ${id}`,
  none: 'Nobody used this seat in the last 90 days.',
  holdsNow: 'Holds it now',
  turnedAway: 'Turned away: another machine held the seat',
  how: (start: keyof typeof started, end: keyof typeof ended | null) => (end ? `${started[start]}, ${ended[end]}` : started[start]),
  newer: 'Newer',
  older: 'Older',
} as const;
