/**
 * A warm instance's memo of at most `max` entries: when full, the entry set longest ago gives way. For
 * values a Lambda would otherwise recompute on every call of the same caller (a token's verification, a
 * session's check, the machine one desktop app sends on every start), kept per instance so no caller can
 * grow it without bound.
 */
export interface BoundedMemo<K, V> {
  get(key: K): V | undefined;
  /** Sets the value (as the newest entry) and returns it. */
  set(key: K, value: V): V;
  delete(key: K): void;
  clear(): void;
}

export function boundedMemo<K, V>(max: number): BoundedMemo<K, V> {
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
