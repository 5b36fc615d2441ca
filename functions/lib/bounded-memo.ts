/**
 * A warm instance's memo of at most `max` entries: when full, the oldest entry gives way. For values a
 * Lambda would otherwise recompute on every call of the same caller (one desktop app sends the same
 * machine on every start), kept per instance so no caller can grow it without bound.
 */
export function boundedMemo<K, V>(max: number): { get(key: K): V | undefined; set(key: K, value: V): V } {
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
  };
}
