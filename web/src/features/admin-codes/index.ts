/** What the license code screens offer the other features: their texts (the links to them say their names). */
export { licenseCodeTexts } from './messages';
