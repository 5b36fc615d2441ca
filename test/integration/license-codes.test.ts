import { describe, expect, it } from 'vitest';
import { codeMessages } from '../../shared/commerce/codes';
import { MAX_FAILED_REDEMPTIONS_PER_HOUR, attemptLimits } from '../../shared/contract/limits';
import { licenseMessages } from '../../shared/licenses/messages';
import { addDuration } from '../../functions/domain/codes/code.rules';
import { createAdminUser, createConfirmedUser } from '../support/api';
import { licCall, withUserId } from '../support/licenses';

/** License codes over the wire: generating, listing, and redeeming them once, also under a race. */
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface CodeRow {
  id: number;
  code: string;
  duration: string | null;
  used: boolean;
  used_by: number | null;
  redemptions: number;
  single_usage: boolean;
  license_usage: string;
}
const generate = (token: string, params: Record<string, unknown>) => licCall(token, 'create_license_codes', { license_type_id: 'Battery', description: 'Test codes', ...params });
const codesOf = async (token: string, search: string) => ((await licCall(token, 'get_license_codes', { search })).body.data as { codes: CodeRow[]; count: number });
const licenses = async (token: string) => ((await licCall(token, 'get_licenses')).body.data as { licenses: { id: number; license_type_id: string; valid_from: string; valid_to: string | null; license_usage_id: number }[] }).licenses;

describe('license codes', () => {
  it('generates single-use codes, returns them, and lists them newest first with their terms', async () => {
    const boss = await admin();
    const made = await generate(boss.accessToken, { single_usage: true, count: 3, duration: 'P2W', description: `batch-${boss.id}` });
    expect(made.status).toBe(200);
    const { codes } = made.body.data as { codes: string[] };
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const listed = await codesOf(boss.accessToken, `batch-${boss.id}`);
    expect(listed.count).toBe(3);
    expect(listed.codes.map((row) => row.code).sort()).toEqual([...codes].sort());
    expect(listed.codes[0]).toMatchObject({ duration: 'P2W', used: false, used_by: null, single_usage: true, license_usage: 'Standard' });
    expect(listed.codes.map((row) => row.id)).toEqual([...listed.codes.map((row) => row.id)].sort((a, b) => b - a));
  });

  it('refuses codes without their terms, and customers', async () => {
    const [boss, buyer] = await Promise.all([admin(), customer()]);
    expect((await generate(boss.accessToken, { single_usage: true })).body.message).toMatch(/duration/);
    expect((await generate(boss.accessToken, { single_usage: true, duration: 'P1001D' })).status).toBe(400);
    expect((await generate(boss.accessToken, { single_usage: true, duration: 'P1Y', count: 1001 })).status).toBe(400);
    expect((await generate(boss.accessToken, { single_usage: false, code: 'CAMPAIGN' })).body.message).toMatch(/valid from and valid to/);
    expect((await generate(buyer.accessToken, { single_usage: true, duration: 'P1Y' })).status).toBe(403);
  });

  it('redeems a single-use code once: a license of its duration from today, then "already used"', async () => {
    const [boss, buyer, other] = await Promise.all([admin(), customer(), customer()]);
    const [code] = ((await generate(boss.accessToken, { single_usage: true, duration: 'P1M', license_usage_id: 2 })).body.data as { codes: string[] }).codes;
    // Typed in lower case and without hyphens, it is the same code.
    const redeemed = await licCall(buyer.accessToken, 'redeem_license_code', { code: code!.toLowerCase().replace(/-/g, '') });
    expect(redeemed.status).toBe(200);
    const { license_id } = redeemed.body.data as { license_id: number };
    expect(await licenses(buyer.accessToken)).toEqual([
      expect.objectContaining({ id: license_id, license_type_id: 'Battery', license_usage_id: 2, valid_from: day(0), valid_to: addDuration(day(0), 'P1M') }),
    ]);
    const again = await licCall(other.accessToken, 'redeem_license_code', { code: code! });
    expect(again).toMatchObject({ status: 409, body: { status: 'error', message: codeMessages.used } });
    expect(await licenses(other.accessToken)).toEqual([]);
    expect((await codesOf(boss.accessToken, code!)).codes[0]).toMatchObject({
      used: true,
      used_by: buyer.id,
      used_by_email: buyer.email,
      user_id: boss.id,
      user_email: boss.email,
      redemptions: 1,
    });
    // The redeemer's email finds the code.
    expect((await codesOf(boss.accessToken, buyer.email)).codes.map((row) => row.code)).toEqual([code]);
  });

  it('gives exactly one license when 50 redemptions of one code arrive at once', async () => {
    const [boss, ...buyers] = await Promise.all([admin(), customer(), customer(), customer(), customer(), customer()]);
    const [code] = ((await generate(boss.accessToken, { single_usage: true, duration: 'P1Y' })).body.data as { codes: string[] }).codes;
    const redeem = (i: number) => licCall(buyers[i % buyers.length]!.accessToken, 'redeem_license_code', { code: code! });
    const tries = Array.from({ length: 50 }, (_, i) => i);
    const replies = await Promise.all(tries.map(redeem));
    // A machine too busy for DynamoDB Local to answer fifty transactions in time gives some the service's
    // "try again" (503); tried again, as the screen asks, each of those hears that the code is used.
    const again = await Promise.all(tries.filter((i) => replies[i]!.status === 503).map(redeem));
    expect(replies.filter((reply) => reply.status === 200).length).toBeLessThanOrEqual(1);
    for (const reply of replies.filter((r) => r.status !== 200 && r.status !== 503)) expect(reply.body.message).toBe(codeMessages.used);
    for (const reply of again) expect(reply.body.message).toBe(codeMessages.used);
    const owned = (await Promise.all(buyers.map((buyer) => licenses(buyer.accessToken)))).flat();
    expect(owned).toHaveLength(1);
  });

  it('redeems a campaign code once per user inside its window', async () => {
    const [boss, first, second] = await Promise.all([admin(), customer(), customer()]);
    const text = `Spring-${boss.id}`;
    const made = await generate(boss.accessToken, { single_usage: false, code: text, valid_from: day(-1), valid_to: day(30) });
    expect(made.body.data).toEqual({ codes: [text] });
    expect((await generate(boss.accessToken, { single_usage: false, code: text, valid_from: day(-1), valid_to: day(30) })).status).toBe(409);

    for (const user of [first, second]) expect((await licCall(user.accessToken, 'redeem_license_code', { code: text })).status).toBe(200);
    expect(await licenses(first.accessToken)).toEqual([expect.objectContaining({ valid_from: day(0), valid_to: day(30) })]);
    const twice = await licCall(first.accessToken, 'redeem_license_code', { code: text });
    expect(twice.body.message).toBe(codeMessages.alreadyRedeemed);
    expect(await licenses(first.accessToken)).toHaveLength(1);
    expect((await codesOf(boss.accessToken, text)).codes[0]).toMatchObject({ used: true, used_by: null, redemptions: 2 });

    const racing = `Race-${boss.id}`;
    await generate(boss.accessToken, { single_usage: false, code: racing, valid_from: day(0), valid_to: day(1) });
    const third = await customer();
    const replies = await Promise.all(Array.from({ length: 10 }, () => licCall(third.accessToken, 'redeem_license_code', { code: racing })));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(await licenses(third.accessToken)).toHaveLength(1);
  });

  it('answers a wrong, an expired and a not yet valid code alike, status and text, and changes nothing', async () => {
    const [boss, buyer] = await Promise.all([admin(), customer()]);
    await generate(boss.accessToken, { single_usage: false, code: `Old-${boss.id}`, valid_from: day(-30), valid_to: day(-1) });
    await generate(boss.accessToken, { single_usage: false, code: `Soon-${boss.id}`, valid_from: day(2), valid_to: day(30) });
    const answers = await Promise.all(
      ['NO-SUCH-CODE', `Old-${boss.id}`, `Soon-${boss.id}`].map(async (code) => {
        const { status, body } = await licCall(buyer.accessToken, 'redeem_license_code', { code });
        return { status, body };
      }),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: { status: 'error', message: codeMessages.notValid } });
    expect((await licCall(buyer.accessToken, 'redeem_license_code', { code: '' })).status).toBe(400);
    expect(await licenses(buyer.accessToken)).toEqual([]);
  });

  it(`refuses redeeming after ${MAX_FAILED_REDEMPTIONS_PER_HOUR} failed tries in an hour, a right code too, and only for that user`, async () => {
    const [boss, guesser, other] = await Promise.all([admin(), customer(), customer()]);
    const [good] = ((await generate(boss.accessToken, { single_usage: true, duration: 'P1Y' })).body.data as { codes: string[] }).codes;
    // A right code is not a failure: it does not count.
    const [first] = ((await generate(boss.accessToken, { single_usage: true, duration: 'P1Y' })).body.data as { codes: string[] }).codes;
    expect((await licCall(guesser.accessToken, 'redeem_license_code', { code: first! })).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_REDEMPTIONS_PER_HOUR; i++) {
      expect((await licCall(guesser.accessToken, 'redeem_license_code', { code: `GUESS-${i}-${guesser.id}` })).body.message).toBe(codeMessages.notValid);
    }
    const limited = await licCall(guesser.accessToken, 'redeem_license_code', { code: `GUESS-X-${guesser.id}` });
    expect(limited).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.redeemCode.message } });
    // While limited, a right code is refused the same way (else the limit would still tell right from wrong).
    expect((await licCall(guesser.accessToken, 'redeem_license_code', { code: good! })).body).toEqual({ status: 'error', message: attemptLimits.redeemCode.message });
    expect(await licenses(guesser.accessToken)).toHaveLength(1);
    expect((await codesOf(boss.accessToken, good!)).codes[0]).toMatchObject({ used: false });
    // Another user is not limited by it.
    expect((await licCall(other.accessToken, 'redeem_license_code', { code: good! })).status).toBe(200);
  });

  it('keeps a license from a campaign code with the user who redeemed it: the owner cannot move or share it, an admin can move it', async () => {
    const [boss, owner, friend] = await Promise.all([admin(), customer(), customer()]);
    const text = `Keep-${boss.id}`;
    await generate(boss.accessToken, { single_usage: false, code: text, valid_from: day(-1), valid_to: day(30) });
    const { license_id } = (await licCall(owner.accessToken, 'redeem_license_code', { code: text })).body.data as { license_id: number };
    const moved = await licCall(owner.accessToken, 'move_license', { license_id, to_user_id: friend.id });
    expect(moved).toMatchObject({ status: 403, body: { status: 'error', message: licenseMessages.campaignMove } });
    // Nor shared: a recipient could use it as their own, which would collect the campaign the same way.
    const shared = await licCall(owner.accessToken, 'share_license', { license_id, with_user_id: friend.id });
    expect(shared).toMatchObject({ status: 403, body: { status: 'error', message: licenseMessages.campaignShare } });
    expect(await licenses(owner.accessToken)).toEqual([expect.objectContaining({ id: license_id })]);
    expect(await licenses(friend.accessToken)).toEqual([]);

    // A single-use code's license moves like any other.
    const [single] = ((await generate(boss.accessToken, { single_usage: true, duration: 'P1Y' })).body.data as { codes: string[] }).codes;
    const redeemed = (await licCall(owner.accessToken, 'redeem_license_code', { code: single! })).body.data as { license_id: number };
    expect((await licCall(owner.accessToken, 'move_license', { license_id: redeemed.license_id, to_user_id: friend.id })).status).toBe(200);
    // Support may still move the campaign license (a person's two accounts, say).
    expect((await licCall(boss.accessToken, 'move_license', { license_id, to_user_id: friend.id })).status).toBe(200);
  });
});
