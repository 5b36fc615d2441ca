import type { CatalogueItem } from '../../../shared/commerce/catalogue';

/** An event the portal cannot apply as it stands (unknown product, user, subscription or order). */
export class EventNotApplicableError extends Error {
  override readonly name = 'EventNotApplicableError';
}

export const refuse = (reason: string): never => {
  throw new EventNotApplicableError(reason);
};

/** Plans that lost a race with another write are planned again, this many times. */
export const ATTEMPTS = 4;

export const today = (now: Date) => now.toISOString().slice(0, 10);
export const period = (item: CatalogueItem) => (item.interval === 'month' ? 'P1M' : 'P1Y');
export const later = (a: string | undefined, b: string) => (a && a > b ? a : b);
