import { describe, expect, inject, it } from 'vitest';
import { counterDifferences } from '../../functions/domain/counted-records';
import { portalTable } from '../../functions/lib/db/table';
import { isoWeekOf, SeenMarkerEntity } from '../../functions/lib/db/aggregates';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { encodeMachine } from '../../shared/licenses/seat';
import { softwareReleases } from '../../shared/downloads/releases';
import { asUnit, callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { publishedVersions } from '../support/downloads';
import { asScaleSeed, seedScale } from '../../scripts/local/seed-scale';
import { licCall, storeLicense, storeLicenseChange, withUserId } from '../support/licenses';

/**
 * The dashboard's and the usage screen's figures over the wire: who may read them, and that they follow
 * concurrent writes and equal a recount of the records (the license history) or of the seen markers
 * (usage). Quiet lane: it reads global figures before and after its own writes.
 */

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const asJob = <T>(work: () => Promise<T>) => asUnit({ job: 'check-counters' }, work);

interface GraphPoint {
  date: string;
  license_type_id: string;
  perpetual: number;
  subscription: number;
}
const graph = async (token: string) => {
  const answer = await licCall(token, 'get_license_statistics');
  expect(answer.status).toBe(200);
  return (answer.body.data as { graph: GraphPoint[] }).graph;
};
interface Usage {
  user_count: number;
  weekly_usage: { week: string; count: number }[];
  monthly_usage: { month: string; count: number }[];
  yearly_usage: { year: string; count: number }[];
  version_usage: { version: string; count: number }[];
  os_usage: { os: string; count: number }[];
  type_usage: { type: string; count: number }[];
  seats: { date: string; license_type_id: string; peak: number; refused: number }[];
}
const usage = async (token: string) => {
  const answer = await callApi('usage', { cmd: 'get_usage' }, token);
  expect(answer.status).toBe(200);
  return answer.body.data as Usage;
};

/** Users counted in a period of the usage counter, recounted from its seen markers. */
async function markersOf(period: string): Promise<number> {
  const { Items = [] } = await asUnit({ endpoint: 'usage' }, () =>
    portalTable.build(QueryCommand).entities(SeenMarkerEntity).query({ partition: `aggregate-seen#usage-users#${period}` }).options({ maxPages: Infinity, consistent: true }).send(),
  );
  return Items.length;
}

describe('dashboard and usage figures', () => {
  it('are refused to customers: every statistics cmd of the dashboard and get_usage (403)', async () => {
    const customer = await createConfirmedUser();
    const cmds = [
      ['lic/5', 'get_license_statistics'],
      ['user', 'get_user_statistics'],
      ['product', 'get_product_statistics'],
      ['case', 'get_case_statistics'],
      ['usage', 'get_usage'],
    ];
    for (const [endpoint, cmd] of cmds) {
      const answer = await callApi(endpoint!, { cmd }, customer.accessToken);
      expect([endpoint, cmd, answer.status, answer.body.status]).toEqual([endpoint, cmd, 403, 'error']);
    }
  });

  it('chart the licenses valid on each day shown, following licenses written at once, and equal a recount', async () => {
    const admin = await createAdminUser();
    const before = await graph(admin.accessToken);
    const owner = 930_000 + Math.floor(Math.random() * 10_000);
    const kinds = [
      ...Array.from({ length: 3 }, () => ({ valid_from: day(-200), valid_to: undefined })),
      ...Array.from({ length: 4 }, () => ({ valid_from: day(-100), valid_to: day(10) })),
      ...Array.from({ length: 2 }, () => ({ valid_from: day(-400), valid_to: day(-50) })),
      { valid_from: day(-5), valid_to: day(-6) }, // ends before it starts: never valid
    ];
    const licenses = await Promise.all(kinds.map((fields) => storeLicense(owner, { license_type_id: 'Enterprise', ...fields })));
    // Edited at once too: one disabled (it leaves the history), one given no end (subscription → perpetual).
    await Promise.all([storeLicenseChange(licenses[3]!.id, { enabled: false }), storeLicenseChange(licenses[4]!.id, { valid_to: null })]);

    const after = await graph(admin.accessToken);
    expect(after.map((point) => point.date)).toEqual(before.map((point) => point.date));
    const days = [...new Set(after.map((point) => point.date))];
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toBe(day(0));
    for (const date of days) {
      const find = (points: GraphPoint[]) => points.find((point) => point.date === date && point.license_type_id === 'Enterprise')!;
      const added = { perpetual: find(after).perpetual - find(before).perpetual, subscription: find(after).subscription - find(before).subscription };
      const within = (from: string, to: string) => (date >= from && date <= to ? 1 : 0);
      expect({ date, ...added }).toEqual({
        date,
        perpetual: 3 * within(day(-200), '9999') + within(day(-100), '9999'),
        subscription: 2 * within(day(-100), day(10)) + 2 * within(day(-400), day(-50)),
      });
    }
    expect(await asJob(() => counterDifferences())).toEqual([]);
  });

  it('count distinct desktop users, versions, OS and types from reservations and downloads made at once, equal to their markers, and the seats', async () => {
    const admin = await createAdminUser();
    const run = Date.now().toString(36);
    // The app sends what it likes: a released version and OS name count as themselves, anything else as other.
    const released = softwareReleases(await publishedVersions()).map((release) => release.version);
    const version = released[0]!;
    const invented = `9.${Date.now() % 1000}.0-t${run}`;
    const os = `testos-${run}`;
    const before = await usage(admin.accessToken);
    const users = await Promise.all([1, 2, 3].map(async () => withUserId(await createConfirmedUser())));
    const licenses = await Promise.all(users.map((user) => storeLicense(user.id, { license_type_id: 'Pro', valid_from: day(-1), valid_to: day(30) })));
    const machine = (index: number, client_version = invented, system = os) =>
      encodeMachine({ fingerprint: `usage-${run}-${index}`, hostname: `usage-${index}`, client_version, os: system });
    const reserve = (index: number, extra: Record<string, unknown> = {}, payload = machine(index)) =>
      licCall(users[index]!.accessToken, 'reserve_license', { license_id: licenses[index]!.id, payload, ...extra });

    expect((await Promise.all(users.map((_, index) => reserve(index)))).map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Each user at once: renewals, downloads, and (user 0) another machine refused the held seat.
    const calls = await Promise.all([
      ...users.flatMap((user, index) => [
        reserve(index, { renew: true }),
        reserve(index, { renew: true }, machine(index, version, 'Windows')),
        callApi('user', { cmd: 'add_user_download', client_version: version, os: 'ubuntu', arch: 'x64' }, user.accessToken),
      ]),
      licCall(users[0]!.accessToken, 'reserve_license', { license_id: licenses[0]!.id, payload: encodeMachine({ fingerprint: `other-${run}`, hostname: 'other', client_version: version, os }) }),
    ]);
    expect(calls.map((answer) => answer.status)).toEqual([...Array(9).fill(200), 409]);
    // Renewals each claiming another version and OS (300 of them once made 300 rows) add no row.
    for (let n = 0; n < 8; n++) expect((await reserve(0, { renew: true }, machine(0, `${n}.${run.length}.${n}`, `os-${run}-${n}`))).status).toBe(200);

    const after = await usage(admin.accessToken);
    const week = isoWeekOf(day(0));
    const month = day(0).slice(0, 7);
    const year = day(0).slice(0, 4);
    const countOf = <T extends { count: number }>(rows: T[], match: (row: T) => boolean) => rows.find(match)?.count ?? 0;
    expect(after.user_count).toBe(before.user_count + 3);
    expect(countOf(after.weekly_usage, (row) => row.week === week)).toBe(countOf(before.weekly_usage, (row) => row.week === week) + 3);
    expect(countOf(after.monthly_usage, (row) => row.month === month)).toBe(countOf(before.monthly_usage, (row) => row.month === month) + 3);
    expect(countOf(after.yearly_usage, (row) => row.year === year)).toBe(countOf(before.yearly_usage, (row) => row.year === year) + 3);
    expect(countOf(after.version_usage, (row) => row.version === version)).toBe(countOf(before.version_usage, (row) => row.version === version) + 3);
    expect(countOf(after.version_usage, (row) => row.version === 'other')).toBe(countOf(before.version_usage, (row) => row.version === 'other') + 3);
    expect(countOf(after.version_usage, (row) => row.version === 'All versions')).toBe(countOf(after.monthly_usage, (row) => row.month === month));
    expect(countOf(after.os_usage, (row) => row.os === 'other')).toBe(countOf(before.os_usage, (row) => row.os === 'other') + 3);
    expect(countOf(after.os_usage, (row) => row.os === 'windows')).toBe(countOf(before.os_usage, (row) => row.os === 'windows') + 3);
    expect(countOf(after.os_usage, (row) => row.os === 'ubuntu')).toBe(countOf(before.os_usage, (row) => row.os === 'ubuntu') + 3);
    expect(countOf(after.type_usage, (row) => row.type === 'Pro')).toBe(countOf(before.type_usage, (row) => row.type === 'Pro') + 3);
    // Only released versions and the release list's OS names have rows of their own.
    expect(after.version_usage.filter((row) => ![...released, 'other', 'All versions'].includes(row.version))).toEqual([]);
    expect(after.os_usage.filter((row) => !['windows', 'macos', 'ubuntu', 'other'].includes(row.os))).toEqual([]);

    // The counters equal a recount of their markers.
    expect(after.user_count).toBe(await markersOf('total'));
    expect(countOf(after.weekly_usage, (row) => row.week === week)).toBe(await markersOf(`w${week}`));
    expect(countOf(after.monthly_usage, (row) => row.month === month)).toBe(await markersOf(`m${month}`));

    // Today's Pro seats: at least the three held now at the peak, and the one refusal.
    const seat = (figures: Usage) => figures.seats.find((row) => row.date === day(0) && row.license_type_id === 'Pro') ?? { peak: 0, refused: 0 };
    const stats = (await licCall(admin.accessToken, 'get_license_statistics')).body.data as { license_type_stats: { license_type: string; reserved: number }[] };
    expect(seat(after).peak).toBeGreaterThanOrEqual(stats.license_type_stats.find((row) => row.license_type === 'Pro')!.reserved);
    expect(seat(after).refused).toBe(seat(before).refused + 1);
  });

  it('agree with the lists after a bulk load (npm run seed:scale): the users it wrote are counted as the Users page lists them', async () => {
    const admin = await createAdminUser();
    const data = async (endpoint: string, cmd: string, params: Record<string, unknown> = {}) => {
      const answer = await callApi(endpoint, { cmd, ...params }, admin.accessToken);
      expect(answer.status).toBe(200);
      return answer.body.data as { count: number; user_count: number };
    };
    const figures = async () => ({ listed: (await data('user', 'get_users', { limit: 1 })).count, counted: (await data('user', 'get_user_statistics')).user_count });
    const before = await figures();
    await asScaleSeed(inject('localStack').functionEnv, () => seedScale({ users: 12, licenses: 20 }, () => undefined));
    expect(await figures()).toEqual({ listed: before.listed + 12, counted: before.counted + 12 });
    expect(await asJob(() => counterDifferences())).toEqual([]);
  });
});
