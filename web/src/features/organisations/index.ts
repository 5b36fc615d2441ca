/** What the organisations feature offers the other features: the link to an organisation's screen. */
export { organisationPath } from './organisation-path';
