/** What the products feature offers the other features: how a registered unit is named. */
export { productLabel } from './product-label';
