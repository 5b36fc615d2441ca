import { describe, expect, it } from 'vitest';
import { adminListKinds } from '../../shared/lists/admin-lists';
import { recordKinds } from './record-kinds';

describe('the record kinds', () => {
  it('write the rows of every declared admin list (but the audit list, which the trail writes)', () => {
    const listed = recordKinds.flatMap((kind) => {
      const list = kind.declaration.list as { kind?: string } | undefined;
      return list?.kind ? [list.kind] : [];
    });
    expect([...listed].sort()).toEqual(adminListKinds.filter((kind) => kind !== 'audit').sort());
  });

  it('each have a name of their own', () => {
    const names = recordKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
