import { currentTenant } from './tenants';

/**
 * The clock of the local CloudFront stand-in: the real time, moved on by an offset only a test stack
 * lets a caller set (POST /local/edge-clock), so a test sees a signed link expire without waiting for it.
 * A request in a tenant (scripts/local/tenants.ts) reads and moves that tenant's offset only.
 */
export interface EdgeClock {
  now(): number;
  /** Seconds the edge's clock runs ahead of the real one (0 restores it). */
  setOffsetSeconds(seconds: number): void;
}

export function createEdgeClock(): EdgeClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + (currentTenant()?.edgeOffsetMs ?? offsetMs),
    setOffsetSeconds: (seconds) => {
      const tenant = currentTenant();
      if (tenant) tenant.edgeOffsetMs = seconds * 1000;
      else offsetMs = seconds * 1000;
    },
  };
}
