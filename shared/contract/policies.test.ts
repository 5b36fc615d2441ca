import { describe, expect, it } from 'vitest';
import { allCmds } from './all';
import { attemptLimits, limitPolicy, type AttemptLimitPolicy } from './limits';

/** The cmds' policies as the contract declares them (define.ts CmdPolicies, limits.ts). */
describe('the cmd policies', () => {
  it('has every admin cmd say whether it writes (audited) or only reads, never both', () => {
    const undeclared = allCmds()
      .filter(({ def }) => def.role === 'admin' && Boolean(def.audit) === Boolean(def.reads))
      .map(({ endpoint, cmd }) => `${endpoint}/${cmd}`);
    expect(undeclared).toEqual([]);
  });

  it("holds every admin cmd that writes to an entry on each call ('some' is only for a customer's cmd an admin may also call)", () => {
    expect(allCmds().filter(({ def }) => def.role === 'admin' && def.audit === 'some').map(({ cmd }) => cmd)).toEqual([]);
  });

  it('declares reads only of admin cmds: a customer cmd that writes says audit or nothing', () => {
    expect(allCmds().filter(({ def }) => def.reads && def.role !== 'admin').map(({ cmd }) => cmd)).toEqual([]);
  });

  it('limits only signed-in cmds (a limit counts per user), with limits that exist and params they name', () => {
    for (const { cmd, def } of allCmds()) {
      for (const declared of def.limits ?? []) {
        expect(def.role, cmd).not.toBe('public');
        const limit: AttemptLimitPolicy = limitPolicy(declared);
        const name = limit?.action ?? String(declared);
        expect(limit, `${cmd}: ${name}`).toBeDefined();
        // A limit kept per param, or counting a param's amount, needs the cmd to take that param.
        const params = Object.keys((def.params as unknown as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape);
        for (const param of [limit.per, limit.amount].filter((name): name is string => name !== undefined)) {
          expect(params, `${cmd}: ${name} counts ${param}`).toContain(param);
        }
      }
    }
  });

  it('keeps one counter per limit: two limits share an action only when they count the same thing', () => {
    const byAction = new Map<string, { max: number; windowSeconds: number }>();
    // The shared limits and those the features' contract parts declare beside their cmds.
    const declared = allCmds().flatMap(({ def }) => (def.limits ?? []).filter((limit) => typeof limit !== 'string'));
    for (const limit of [...Object.values(attemptLimits), ...new Set(declared)]) {
      const seen = byAction.get(limit.action);
      if (seen) expect({ max: limit.max, windowSeconds: limit.windowSeconds }, limit.action).toEqual(seen);
      byAction.set(limit.action, { max: limit.max, windowSeconds: limit.windowSeconds });
    }
  });
});
