/**
 * What the seat history feature offers the other features: the link to a license's seat history (from its
 * card on Licenses and its row on an organisation's seats), and an organisation's seat chart.
 */
export { seatHistoryPath } from './seat-history-path';
export { OrganisationSeatHistory } from './components/organisation-seat-history';
