import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { signIn } from '../client/protocol';
import { startLocalStack } from '../local/stack';
import { budgetVerdict, type Budget } from './budgets';

/** Seat events of the measured license: a busy floating license's 90 days (its retention). */
export const SEAT_HISTORY_EVENTS = 10_000;
/** Warm calls per read measured (after one first call each). */
const CALLS = 40;
/** A warm history page must answer within this (p50). */
const PAGE_BUDGET_MS = 50;

/**
 * A license's seat history at scale (`BENCH_ONLY=seat-history`): the demo customer's new license with
 * SEAT_HISTORY_EVENTS seat events over the last 89 days (reservations, returns, takeovers, releases and
 * refusals by a few people on a dozen machines), loaded in bulk, then read through the whole local API
 * as its owner: the first page, a page a hundred pages deep (by the cursor the pages before gave), the
 * 30-day chart, and the whole history as CSV. Budget: the warm first page's p50 under 50 ms.
 */
export async function measureSeatHistoryOnly(outDir: string): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const stack = await startLocalStack({ dataDir, dynamoDbInMemory: true, jobIntervalMinutes: 0 });
  try {
    const figures = await measureSeatHistory(stack);
    const lines = [
      '| seat history, 10,000 events | first ms | warm p50 | warm p99 |',
      '|---|---|---|---|',
      ...figures.reads.map(({ read, firstMs, p50Ms, p99Ms }) => `| ${read} | ${firstMs.toFixed(0)} | ${p50Ms.toFixed(1)} ms | ${p99Ms.toFixed(1)} ms |`),
      `| whole history as CSV (${figures.csvRows} rows) | ${figures.csvMs.toFixed(0)} | | |`,
    ];
    console.log(`\n${lines.join('\n')}\n`);
    const resultsFile = join(outDir, 'results-seat-history.json');
    writeFileSync(resultsFile, JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2));
    console.log(`Written to ${resultsFile}`);
    const firstPage = figures.reads[0]!;
    const budgets: Budget[] = [
      { figure: 'seat history page, 10,000 events, warm p50', value: firstPage.p50Ms, comparison: '<', limit: PAGE_BUDGET_MS, format: (n) => `${n.toFixed(1)} ms`, shownAs: 'seat history p50' },
    ];
    const verdict = budgetVerdict(budgets);
    console.log(verdict.line);
    return verdict.exitCode;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureSeatHistory(stack: Awaited<ReturnType<typeof startLocalStack>>) {
  // The functions' modules load once the stack has set their environment, as in the rest of the bench.
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { withCall } = await import('../../functions/lib/call-context');
  const { portalTable } = await import('../../functions/lib/db/table');
  const { BatchPutRequest } = await import('dynamodb-toolbox/entity/actions/batchPut');
  const { BatchWriteCommand, execute } = await import('dynamodb-toolbox/table/actions/batchWrite');
  const { createLicense } = await import('../../functions/domain/licenses/licenses.repository');
  const { SeatEventEntity } = await import('../../functions/domain/licenses/seat-event.entity');
  const { SeatDayEntity } = await import('../../functions/domain/licenses/seat-day.entity');

  const { accessToken } = await signIn(stack.baseUrl, 'demo', stack.demoPassword);
  const call = async (cmd: string, params: Record<string, unknown>) => {
    const started = performance.now();
    const response = await fetch(`${stack.baseUrl}/api/lic/5`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ cmd, version: 2020, client: 'web', ...params }),
    });
    const body = (await response.json()) as { status: string; data: Record<string, unknown> };
    if (body.status !== 'ok') throw new Error(`${cmd} answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, data: body.data };
  };
  const profile = await fetch(`${stack.baseUrl}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ cmd: 'get_user_profile', version: 2020, client: 'web' }),
  });
  const ownerId = ((await profile.json()) as { data: { id: number } }).data.id;

  console.log(`A license with ${SEAT_HISTORY_EVENTS} seat events …`);
  const seeder: FunctionRuntime = {
    name: 'seed',
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem', 'BatchWriteItem'] },
    env: stack.functionEnv,
  };
  const licenseId = await runAs(seeder, async () => {
    const license = await withCall({ endpoint: 'lic', request_id: 'bench-seat-history', actor_user_id: ownerId }, () =>
      createLicense({ user_id: ownerId, license_type_id: 'Automation', valid_from: '2026-01-01', valid_to: '2099-12-31' }),
    );
    // Holdings of a few people on a dozen machines, each ended by a return, a release or a takeover, with
    // refusals between them: one event every ~12 minutes over 89 days, newest now.
    const now = Date.now();
    const span = 89 * 86_400_000;
    const kinds = ['reserve', 'refused', 'return', 'reserve', 'takeover', 'refused', 'release', 'reserve', 'return', 'offline'] as const;
    const ttl = Math.floor(now / 1000) + 90 * 86_400;
    const requests = Array.from({ length: SEAT_HISTORY_EVENTS }, (_, n) => {
      const at = new Date(now - span + Math.floor((n * span) / SEAT_HISTORY_EVENTS)).toISOString();
      const machine = n % 12;
      return SeatEventEntity.build(BatchPutRequest).item({
        license_id: license.id,
        at: `${at}#${n.toString(16).padStart(8, '0')}`,
        event: kinds[n % kinds.length]!,
        user_id: n % 3 === 0 ? ownerId : 9_000_000 + (n % 3),
        fingerprint: `bench-fp-${machine}`,
        hostname: `bench-host-${machine}`,
        client_version: '3.5.0',
        os: 'linux',
        ttl,
      });
    });
    const days = Array.from({ length: 90 }, (_, n) =>
      SeatDayEntity.build(BatchPutRequest).item({ license_id: license.id, day: new Date(now - n * 86_400_000).toISOString().slice(0, 10), levels: new Set([0, 1]), held: n % 2, refused: 20, ttl }),
    );
    const all = [...requests, ...days];
    for (let i = 0; i < all.length; i += 25 * 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, k) => all.slice(i + k * 25, i + (k + 1) * 25))
          .filter((batch) => batch.length)
          .map((batch) => execute({ maxAttempts: 10 }, portalTable.build(BatchWriteCommand).requests(...(batch as [(typeof all)[number]])))),
      );
    }
    return license.id;
  });

  // The cursor of page 100: followed from the first page, as a reader paging back would.
  let deep: string | undefined;
  for (let page = 1; page < 100; page++) deep = (await call('get_seat_history', { license_id: licenseId, ...(deep ? { before: deep } : {}) })).data.next as string;
  const reads = {
    'history, first page': () => call('get_seat_history', { license_id: licenseId }),
    'history, page 100': () => call('get_seat_history', { license_id: licenseId, before: deep }),
    '30-day chart': () => call('get_seat_chart', { license_id: licenseId }),
  };
  const measured: { read: string; firstMs: number; p50Ms: number; p99Ms: number }[] = [];
  for (const [read, once] of Object.entries(reads)) {
    const firstMs = (await once()).ms;
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) times.push((await once()).ms);
    times.sort((a, b) => a - b);
    measured.push({ read, firstMs, p50Ms: times[Math.floor(times.length / 2)]!, p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! });
  }
  const csv = await call('get_seat_history_csv', { license_id: licenseId });
  const file = await fetch(`${stack.baseUrl}/umdata/${csv.data.filename as string}`);
  const csvRows = (await file.text()).trim().split('\n').length - 1;
  return { events: SEAT_HISTORY_EVENTS, calls: CALLS, reads: measured, csvMs: csv.ms, csvRows };
}
