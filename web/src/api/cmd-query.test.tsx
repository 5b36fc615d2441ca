import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { licContract } from '../../../shared/contract/lic';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { cmdKey, cmdPrefix, invalidateCmds } from './cmd-query';

describe('server state from the contract', () => {
  it('keys an answer by its endpoint path, cmd and params', () => {
    expect(cmdKey(licContract, 'get_licenses', {})).toEqual(['lic/5', 'get_licenses', {}]);
    expect(cmdKey(licAdminContract, 'get_license_history', { license_id: 7, page: 2 })).toEqual([
      'lic/5',
      'get_license_history',
      { license_id: 7, page: 2 },
    ]);
    expect(cmdPrefix(licAdminContract, 'get_all_licenses')).toEqual(['lic/5', 'get_all_licenses']);
  });

  it('marks stale every answer of the cmds a change names, whatever their params, and nothing else', async () => {
    const queryClient = new QueryClient();
    const pageOne = cmdKey(licAdminContract, 'get_all_licenses', { page: 1 });
    const pageTwo = cmdKey(licAdminContract, 'get_all_licenses', { page: 2 });
    const own = cmdKey(licContract, 'get_licenses', {});
    for (const key of [pageOne, pageTwo, own]) queryClient.setQueryData(key, { rows: [] });

    await invalidateCmds(queryClient, ['get_all_licenses']);

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([stale(pageOne), stale(pageTwo), stale(own)]).toEqual([true, true, false]);
  });
});
