import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { BULK_READ_OPTIONS } from '../../functions/lib/aws-client-config';
import { describe, expect, inject, it } from 'vitest';
import type { AdminLicenseRow } from '../../shared/contract/lic.admin';
import { toLicenseListRow } from '../../functions/domain/licenses/license-list';
import { documentClient } from '../../functions/lib/db/table';
import { ListCache, MAX_CATCH_UP_CHANGES } from '../../functions/lib/lists/list-cache';
import { listRowWrites, readListChanges } from '../../functions/lib/lists/list-store';
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
    const table = items[0]!.TableName;
    const putBatch = async (start: number) => {
      let pending: Record<string, unknown>[] | undefined = items.slice(start, start + 25).map(({ Item }) => ({ PutRequest: { Item } }));
      while (pending?.length) {
        // A bulk load's batch, on a machine busy with the rest of the suite, may take longer to answer than a
        // user's call is given: up to the socket limit, as a bulk read.
        const answer: { UnprocessedItems?: Record<string, Record<string, unknown>[]> } = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
          BULK_READ_OPTIONS,
        );
        pending = answer.UnprocessedItems?.[table];
      }
    };
    // Eight batches at a time, as a bulk load does.
    for (let i = 0; i < items.length; i += 25 * 8) {
      await Promise.all(Array.from({ length: 8 }, (_, j) => i + 25 * j).filter((start) => start < items.length).map(putBatch));
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

    // The job's next run carries the snapshot on with those changes, without reading every row.
    const carried = await asUnit({ job: 'snapshot-lists' }, () => snapshotList(kind));
    expect(carried).toMatchObject({ from: 'snapshot', rows: 30 });
    const next = new ListCache<Row>(kind);
    expect(await names(next)).toEqual(seen);
    expect(next.lastLoad).toBe('snapshot');
  });

  it("logs a record's repeated writes as one change per ten seconds, holding the last", async () => {
    const started = Date.now();
    for (let i = 0; i < 40; i++) await write(500, { id: 500, name: `churn ${i}` }, new Date(started + i));
    const { changes } = await asUnit({ endpoint: 'lic' }, () => readListChanges(kind, new Date(started - 1).toISOString()));
    const ofRecord = changes.filter((change) => change.id === 500);
    // Forty writes inside one or two ten-second buckets.
    expect(ofRecord.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(ofRecord.at(-1)!.data!)).toEqual({ id: 500, name: 'churn 39' });
  });

  it('runs as the scheduled job, writing every declared kind', async () => {
    const written = (await runJob('snapshot-lists', inject('localStack').functionEnv)) as { kind: string }[];
    expect(written.map((snapshot) => snapshot.kind)).toEqual(expect.arrayContaining(['licenses', 'users', 'codes', 'subscriptions', 'products', 'devices', 'iv-curves', 'organisations']));
  });

  // 3,500 writes: 7 s on a quiet machine, over a minute on two cores busy with the rest of the suite.
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

    // A burst of more changed records than a catch-up reads one by one (the log keeps one change per
    // record and ten seconds): removals of records that never were, then the two licenses' new rows.
    const rows = [toLicenseListRow((await storedLicense(first.id))!), toLicenseListRow((await storedLicense(second.id))!)];
    const count = MAX_CATCH_UP_CHANGES + 500;
    // Stamped as the writes would be, four a millisecond from now on: all newer than the copy's last read.
    const started = Date.now();
    const stamp = (i: number) => new Date(started + Math.floor(i / 4));
    const putOf = (put: { params(): unknown }) => {
      const params = put.params() as { Put?: { TableName: string; Item: Record<string, unknown> } };
      return params.Put;
    };
    await bulkPut(() => {
      const removals = Array.from({ length: count }, (_, i) => listRowWrites('licenses', 2_000_000_000 + i, null, stamp(i))[1]);
      const last = rows.map((row, i) => listRowWrites('licenses', row.id, { ...row, hostname: `churn-${i}` }, stamp(count + i)));
      return [...removals.map(putOf), ...last.flatMap((writes) => writes.map(putOf))].filter((put) => put !== undefined);
    });
    // The admin's call comes once the last change's time has passed.
    while (Date.now() <= stamp(count + 2).getTime()) await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await row(first.id))?.hostname).toBe('churn-0');
    expect((await row(second.id))?.hostname).toBe('churn-1');
  }, 300_000);
});
