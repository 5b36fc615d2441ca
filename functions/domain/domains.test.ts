import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagedListKinds } from '../../shared/contract/all';
import { countedByDomain } from './counted-records';
import { domains, recordKinds } from './domains';
import { forgetters } from './user-data';
import { userDetailReaders } from './user-detail';

describe('the root list of domains', () => {
  it('write the rows of every list a cmd pages (but the audit list, which the trail writes)', () => {
    const listed = recordKinds.flatMap((kind) => {
      const list = kind.declaration.list as { kind?: string } | undefined;
      return list?.kind ? [list.kind] : [];
    });
    expect([...listed].sort()).toEqual(pagedListKinds().filter((kind) => kind !== 'audit').sort());
  });

  it('each have a name of their own', () => {
    const names = recordKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has each domain once, and every domain folder that stores records declared in it', () => {
    const names = domains.map((domain) => domain.domain);
    expect(new Set(names).size).toBe(names.length);
    const storing = readdirSync(__dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(join(__dirname, entry.name)).some((file) => /\.(entity|kind)\.ts$/.test(file)))
      .map((entry) => entry.name);
    for (const folder of storing) expect(existsSync(join(__dirname, folder, 'domain.ts')), folder).toBe(true);
    expect(storing.filter((folder) => !names.includes(folder))).toEqual([]);
  });

  it('gives the user detail, the counters and account deletion exactly the parts the domains declare', () => {
    const declared = (part: 'detail' | 'counted' | 'forget') => Object.fromEntries(domains.flatMap((domain) => (part in domain ? [[domain.domain, (domain as Record<string, unknown>)[part]]] : [])));
    expect(userDetailReaders).toEqual(declared('detail'));
    expect(countedByDomain).toEqual(declared('counted'));
    // The same functions and lists, not copies.
    for (const [name, read] of Object.entries(userDetailReaders)) expect(read).toBe(declared('detail')[name]);
    for (const [name, counted] of Object.entries(countedByDomain)) expect(counted).toBe(declared('counted')[name]);
    // Account deletion: the same functions, in the root list's order.
    expect(Object.entries(forgetters)).toEqual(Object.entries(declared('forget')));
    for (const [name, forget] of Object.entries(forgetters)) expect(forget).toBe(declared('forget')[name]);
  });
});
