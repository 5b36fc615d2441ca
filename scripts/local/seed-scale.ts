/**
 * The admin lists' scale data set: 50,000 users and 100,000 licenses (the scale the lists must serve), with their list
 * rows, written in batches straight into the table the local stack uses, then one reload marker per list
 * so every running copy of the lists loads them afresh, then the two lists' snapshots (a cold function
 * starts from them). The records are what the portal's own writes make
 * (the same entities); the users exist only in the table, not in the user pool: nobody signs in as them.
 *
 * `npm run seed:scale` loads it into the running local stack; `npm run bench` into its own.
 * Sizes: SCALE_USERS, SCALE_LICENSES.
 */
import './env-defaults';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { addDays, formatISO } from 'date-fns';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import { ADDON_IDS, LICENSE_TYPE_IDS, LICENSE_USAGES } from '../../shared/licenses/catalog';
import type { LicenseRecord } from '../../functions/domain/licenses/licenses.repository';
import type { Recount } from '../../functions/lib/db/aggregates';
import { connectToRunningStack, stackStateFile } from './running-stack';
import { BULK_PATIENCE, patiently, StoppedPartWay } from './patiently';
import { awsClientConfig, BULK_TOOL_ENV, bulkToolClientConfig } from '../../functions/lib/aws-client-config';

/** DynamoDB's batch size, and how many batches are in flight at once. */
const BATCH = 25;
const PARALLEL = 8;

export interface ScaleSize {
  users: number;
  licenses: number;
}

/** A small deterministic generator, so two loads of the same size are the same data. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Writes the data set; returns how many users and licenses were written and how long it took. */
export async function seedScale(size: ScaleSize, log: (line: string) => void = console.log) {
  const started = performance.now();
  const { portalTable } = await import('../../functions/lib/db/table');
  const { reserveIds } = await import('../../functions/lib/db/counters');
  const { UserEntity } = await import('../../functions/domain/users/user.entity');
  const { LicenseEntity } = await import('../../functions/domain/licenses/license.entity');
  const { LicenseViewEntity } = await import('../../functions/domain/licenses/license-view.entity');
  const { ListRowEntity, requestListReload } = await import('../../functions/lib/lists/list-store');
  const { LICENSE_LIST, toLicenseListRow } = await import('../../functions/domain/licenses/license-list');
  const { licenseCounters, licenseHistoryCounters, licenseTallies } = await import('../../functions/domain/licenses/license-figures');
  const { addCounts, recountInto } = await import('../../functions/lib/db/aggregates');
  // What the users and licenses count for, added to the counters once they are written (a bulk load
  // writes no counter per record), so the dashboard's figures agree with the lists.
  const counts: Recount = new Map();
  const { USER_LIST, toUserListRow } = await import('../../functions/domain/users/user-list');
  const { countBy, holdingsJson } = await import('../../functions/domain/users/holdings');
  const { userTallies, usersByNewsletter } = await import('../../functions/domain/users/user-figures');

  const random = generator(size.users * 7 + size.licenses);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const today = new Date();
  const day = (offset: number) => formatISO(addDays(today, offset), { representation: 'date' });
  const now = today.toISOString();

  // Put requests of several entities: the batch command takes any mix of them.
  const requests: unknown[] = [];
  let written = 0;
  let itemsWritten = 0;
  // A user record and its list row; a license, its list row and its owner's copy.
  const items = size.users * 2 + size.licenses * 3;
  const flush = async (force = false) => {
    while (requests.length >= BATCH * PARALLEL || (force && requests.length > 0)) {
      const batches = [];
      for (let i = 0; i < PARALLEL && requests.length > 0; i++) {
        const batch = requests.splice(0, BATCH) as [BatchPutRequest];
        batches.push({ size: batch.length, command: portalTable.build(BatchWriteCommand).requests(...batch) });
      }
      // A batch of puts may be written again as it is: a slow emulator only costs another try.
      const retry = (error: unknown, attempt: number) => log(`  … a batch failed (${error instanceof Error ? error.message : String(error)}), trying again (${attempt + 1} of ${BULK_PATIENCE.attempts})`);
      await Promise.all(
        batches.map(async ({ size: count, command }) => {
          await patiently(() => execute({ maxAttempts: 10 }, command), { ...BULK_PATIENCE, onRetry: retry });
          itemsWritten += count;
        }),
      );
      written += batches.length;
      if (written % 400 < PARALLEL) log(`  … ${itemsWritten} of ${items} items (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  const row = (kind: string, id: number, data: object) =>
    ListRowEntity.build(BatchPutRequest).item({ kind, id, data: JSON.stringify(data), version: now });

  let stage = 'users';
  try {
    const firstUser = await reserveIds('user', size.users);
    // The licenses first, so each user is written with the holdings of the licenses they get (decision 038).
    const planned: LicenseRecord[] = [];
    const held = new Map<number, string[]>();
    const firstLicense = await reserveIds('license', size.licenses);
    const usages = LICENSE_USAGES.map((usage) => usage.id);
    for (let i = 0; i < size.licenses; i++) {
      const id = firstLicense + i;
      const type = pick(LICENSE_TYPE_IDS);
      const start = -Math.floor(random() * 1_500);
      const end = random() < 0.2 ? undefined : start + 30 + Math.floor(random() * 1_500);
      const onDongle = random() < 0.01;
      const reserved = !onDongle && random() < 0.15;
      const userId = firstUser + Math.floor(random() * size.users);
      const license: LicenseRecord = {
        id,
        user_id: userId,
        license_type_id: type,
        license_usage_id: pick(usages),
        enabled: random() > 0.03,
        valid_from: day(start),
        ...(end === undefined ? {} : { valid_to: day(end) }),
        addons: type === 'Pro' ? ADDON_IDS.filter(() => random() < 0.4).map((addon) => (addon === 'BatteryValidation' ? { id: addon, channels: 4 } : { id: addon })) : [],
        ...(reserved ? { reserved_to: userId, fingerprint: `scale-${id}`, hostname: `host-${id}`, reserved_since: now } : {}),
        ...(onDongle ? { hid: `SCALE-DONGLE-${id}`, dongle_id: id } : {}),
        shared_count: random() < 0.1 ? 1 : 0,
        shared_users: [],
        created: new Date(today.getTime() + start * 86_400_000).toISOString(),
        updated: now,
        version: 0,
      };
      planned.push(license);
      held.set(userId, [...(held.get(userId) ?? []), type]);
    }
    const companies = Array.from({ length: 2_000 }, (_, i) => `Company ${i + 1}`);
    for (let i = 0; i < size.users; i++) {
      const id = firstUser + i;
      const user = {
        sub: randomUUID(),
        id,
        username: `scale${id}`,
        email: `scale${id}@example.com`,
        first_name: 'Scale',
        last_name: `User ${id}`,
        company: pick(companies),
        beta_access: false,
        legacy: random() < 0.05,
        accepted_marketing: random() < 0.3,
        created: now,
        updated: now,
        version: 0,
        holdings: holdingsJson({ licenses: countBy(held.get(id) ?? []), products: {} }),
      };
      recountInto(counts, userTallies(user));
      requests.push(UserEntity.build(BatchPutRequest).item(user), row(USER_LIST, id, toUserListRow(user)));
      await flush();
    }
    await flush(true);
    log(`  ${size.users} users written (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    stage = 'licenses';

    for (const license of planned) {
      const { id, user_id: userId } = license;
      recountInto(counts, licenseTallies(license));
      requests.push(
        LicenseEntity.build(BatchPutRequest).item(license),
        row(LICENSE_LIST, id, toLicenseListRow(license)),
        // The owner's copy in their list (license-view.entity.ts), as every license write keeps it.
        LicenseViewEntity.build(BatchPutRequest).item({ user_id: userId, license_id: id, license: JSON.stringify(license) }),
      );
      await flush();
    }

    await flush(true);
    stage = 'counters';
    await Promise.all([requestListReload(USER_LIST), requestListReload(LICENSE_LIST)]);
    await addCounts(counts, [usersByNewsletter, ...Object.values(licenseCounters), ...Object.values(licenseHistoryCounters)]);
    log(`  ${size.licenses} licenses written (${((performance.now() - started) / 1000).toFixed(1)} s, ${written} batches)`);
    // After the markers: the snapshots hold the bulk load, so a cold function starts from them, not the rows.
    stage = 'list snapshots';
    const { rebuildListSnapshot } = await import('../../functions/lib/lists/snapshot-lists');
    for (const kind of [USER_LIST, LICENSE_LIST]) {
      const snapshot = await rebuildListSnapshot(kind);
      log(`  ${kind} snapshot written (${snapshot.rows} rows, ${(snapshot.bytes / 2 ** 20).toFixed(1)} MB)`);
    }
  } catch (error) {
    // Said with how far it got: the records written are in the table, but uncounted until the counters' back-fill.
    throw new StoppedPartWay(`${itemsWritten} of ${items} items written, while writing the ${stage}; run npm run counters -- backfill to count them`, error);
  }
  const seconds = (performance.now() - started) / 1000;
  return { ...size, seconds };
}

const sizeFromEnv = (): ScaleSize => ({
  users: Number(process.env.SCALE_USERS ?? 50_000),
  licenses: Number(process.env.SCALE_LICENSES ?? 100_000),
});

/** Runs `work` as the operator's bulk load: the table only, with what a batch load does to it. */
export async function asScaleSeed<T>(functionEnv: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { ENV } = await import('../../shared/runtime');
  const { buckets } = await import('../../functions/lib/files/buckets');
  const env = Object.fromEntries(
    Object.entries(functionEnv).filter(([name]) => name.startsWith('AWS_') || name === ENV.tableName || name === buckets.lists.env),
  );
  // Query: the rows it wrote, read back into the lists' snapshots.
  return runAs({ name: 'seed-scale', needs: { table: ['BatchWriteItem', 'UpdateItem', 'PutItem', 'Query'], files: { lists: ['put'] } }, env }, work);
}

// `npm run seed:scale`: into the running local stack, found through {LOCAL_DATA_DIR}/stack.json.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const functionEnv = connectToRunningStack();
  if (!functionEnv) {
    console.error(`No running local stack (${stackStateFile()} is missing): start it with npm start`);
    process.exit(1);
  }
  if (awsClientConfig !== bulkToolClientConfig) console.warn(`${BULK_TOOL_ENV} is not set: each request may take only a function's 4 s (npm run seed:scale sets it)`);
  const size = sizeFromEnv();
  console.log(`Loading ${size.users} users and ${size.licenses} licenses into the local stack …`);
  try {
    await asScaleSeed(functionEnv, () => seedScale(size));
  } catch (error) {
    if (!(error instanceof StoppedPartWay)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export { sizeFromEnv as scaleSizeFromEnv };
