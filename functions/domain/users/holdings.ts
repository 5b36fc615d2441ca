/**
 * What a user holds, as the users list counts it: registered units by product id (Arc, Ace …) and owned
 * licenses by type (Pro, Automation, All …). Stored on the user record as JSON (`holdings`) and on its
 * list row as the columns the list shows and filters by.
 */
export interface Holdings {
  products: Record<string, number>;
  licenses: Record<string, number>;
}

export const NO_HOLDINGS: Holdings = { products: {}, licenses: {} };

/** The stored JSON as holdings; nothing stored (a user who never held anything) is none. */
export function parseHoldings(json: string | undefined): Holdings {
  if (!json) return NO_HOLDINGS;
  try {
    const parsed = JSON.parse(json) as Partial<Holdings>;
    return { products: parsed.products ?? {}, licenses: parsed.licenses ?? {} };
  } catch {
    return NO_HOLDINGS;
  }
}

/** Holdings as stored: by name in a stable order, without zero counts, so equal holdings are equal text. */
export function holdingsJson(holdings: Holdings): string {
  const compact = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({ products: compact(holdings.products), licenses: compact(holdings.licenses) });
}

/** Counts `names` (a user's units' product ids, or their licenses' types) by name. */
export function countBy(names: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
