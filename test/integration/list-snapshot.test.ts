import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { describe, expect, inject, it } from 'vitest';
import type { AdminLicenseRow } from '../../shared/contract/lic.admin';
import { toLicenseListRow } from '../../functions/domain/licenses/license-list';
import { documentClient } from '../../functions/lib/db/table';
import { ListCache, MAX_CATCH_UP_CHANGES } from '../../functions/lib/lists/list-cache';
import { listRowWrites } from '../../functions/lib/lists/list-store';
import { snapshotList } from '../../functions/lib/lists/snapshot-lists';
import { readListSnapshot } from '../../functions/lib/lists/snapshot-store';
import { asScaleSeed } from '../../scripts/local/seed-scale';
import { runJob } from '../../scripts/local/jobs';
import { asUnit, createAdminUser, createConfirmedUser } from '../support/api';
import { licCall, storedLicense, storeLicense, withUserId } from '../support/licenses';

interface Row extends Record<string, string | number> {
  id: number;
  name: string;
}

/** A kind of its own per test run, so nothing else's rows are in it. */
const kind = `snap-${Date.now().toString(36)}`;
const write = (id: number, row: Row | null, at = new Date()) => asUnit({ endpoint: 'lic' }, () => execute(...listRowWrites(kind, id, row, at)));
const names = async (cache: ListCache<Row>) => [...(await asUnit({ endpoint: 'lic' }, () => cache.current())).values()].map((row) => row.name).sort();

/**
 * Puts these items as a bulk load does (BatchWriteItem, 25 at a time), as the operator's bulk-load
 * identity: a burst of logged changes is written in seconds, not one transaction after another.
 */
async function bulkPut(itemsOf: () => { TableName: string; Item: Record<string, unknown> }[]) {
  await asScaleSeed(inject('localStack').functionEnv, async () => {
    const items = itemsOf();
    for (let i = 0; i < items.length; i += 25) {
      let pending: Record<string, unknown>[] | undefined = items.slice(i, i + 25).map(({ Item }) => ({ PutRequest: { Item } }));
      const table = items[0]!.TableName;
      while (pending?.length) {
        const answer: { UnprocessedItems?: Record<string, Record<string, unknown>[]> } = await documentClient.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = answer.UnprocessedItems?.[table];
      }
    }
  });
}

describe('admin lists from snapshots', () => {
  it('starts a cold copy from the snapshot the job writes, plus the changes logged since', async () => {
    for (let id = 1; id <= 30; id++) await write(id, { id, name: `row ${id}` });
    // The job as it runs on its schedule (its registry grants, its environment), here for one kind.
    await asUnit({ job: 'snapshot-lists' }, () => snapshotList(kind));
    const snapshot = await asUnit({ endpoint: 'lic' }, () => readListSnapshot(kind));
    expect(snapshot?.rows.length).toBe(30);

    await write(2, { id: 2, name: 'renamed' });
    await write(3, null);
    await write(31, { id: 31, name: 'new' });
    const cache = new ListCache<Row>(kind);
    const seen = await names(cache);
    expect(cache.lastLoad).toBe('snapshot');
    expect(seen).toHaveLength(30);
    expect(seen).toEqual(expect.arrayContaining(['renamed', 'new', 'row 1']));
    expect(seen).not.toContain('row 3');
  });

  it('runs as the scheduled job, writing every declared kind', async () => {
    const written = (await runJob('snapshot-lists', inject('localStack').functionEnv)) as { kind: string }[];
    expect(written.map((snapshot) => snapshot.kind)).toEqual(expect.arrayContaining(['licenses', 'users', 'codes', 'subscriptions', 'products', 'devices', 'iv-curves']));
  });

  it(`shows every change of a burst of more than ${MAX_CATCH_UP_CHANGES} on the next admin call`, async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const [first, second] = [await storeLicense(customer.id), await storeLicense(customer.id)];
    const row = async (licenseId: number) => {
      const answer = await licCall(admin.accessToken, 'get_all_licenses', { license_id: licenseId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { rows: AdminLicenseRow[] }).rows[0];
    };
    // The admin function's copy is warm: what follows is a catch-up, not a first load.
    expect((await row(first.id))?.hostname).toBeNull();

    // A customer's seat churn: the two licenses' rows rewritten over and over, as seat writes log them.
    const rows = [toLicenseListRow((await storedLicense(first.id))!), toLicenseListRow((await storedLicense(second.id))!)];
    const count = MAX_CATCH_UP_CHANGES + 500;
    // Stamped as the writes would be, one every 2 ms from now on: all newer than the copy's last read.
    const started = Date.now();
    const putOf = (put: { params(): unknown }) => (put.params() as { Put: { TableName: string; Item: Record<string, unknown> } }).Put;
    await bulkPut(() => {
      const writes = Array.from({ length: count }, (_, i) => {
        const row = rows[i % 2]!;
        return listRowWrites('licenses', row.id, { ...row, hostname: `churn-${i}` }, new Date(started + 2 * i)).map(putOf);
      });
      // Every change logged, and each row as its last change left it (a batch may not put one key twice).
      return [...writes.map(([, change]) => change!), writes.at(-2)![0]!, writes.at(-1)![0]!];
    });
    // The admin's call comes once the last change's time has passed.
    while (Date.now() <= started + 2 * count) await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await row(first.id))?.hostname).toBe(`churn-${count - 2}`);
    expect((await row(second.id))?.hostname).toBe(`churn-${count - 1}`);
  });
});
