import { describe, expect, it } from 'vitest';
import { caseMessages } from '../../shared/cases/cases';
import type { Case, CaseComment } from '../../shared/contract/case';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { licCall, storeLicense, withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

/**
 * Internal notes and what a case is about, over the wire: a note is support's alone (a customer never
 * gets one from get_case, cannot write one) and leaves the case as it was; a new case names only a
 * license the customer holds or a product they own, and get_case answers it. Users of its own, and no
 * global figure read or clock moved, so it runs beside the other files.
 */
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof customer>>;

const call = async <T = unknown>(user: { accessToken: string }, cmd: string, params: Record<string, unknown> = {}) => {
  const res = await callApi('case', { cmd, ...params }, user.accessToken);
  return { status: res.status, body: res.body, message: res.body.message, data: res.body.data as T };
};
type CaseDetail = Case & {
  comments: CaseComment[];
  license?: { id: number; license_type_id: string } | null;
  product?: { id: number; product_id: string; uid: string } | null;
  history?: { kind: string }[];
};
const getCase = (user: { accessToken: string }, id: number) => call<CaseDetail>(user, 'get_case', { id });
const listed = async (user: { accessToken: string }, params: Record<string, unknown> = {}) => (await call<{ cases: Case[] }>(user, 'get_cases', params)).data.cases;

const openCase = async (user: User, extra: Record<string, unknown> = {}) => {
  const res = await call<{ id: number }>(user, 'create_case', { title: 'Seat not released', description: 'My old laptop is broken.', ...extra });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
};

/** A unit production made, registered to `owner`: its registration. */
async function registeredProduct(owner: User) {
  const device = newDevice();
  await storeDevices(device);
  const answer = await productCall(owner.accessToken, 'register_product', { uid: device.uid });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data as { id: number; product_id: string; uid: string };
}

const users = Promise.all([customer(), customer(), admin()]);

describe('internal notes', () => {
  it("are never given to the case's user, leave the state and updated as they were, and are marked for admins", async () => {
    const [ann, , support] = await users;
    const id = await openCase(ann);
    const answered = await call<{ state: number }>(support, 'add_comment', { case_id: id, comment: 'Which firmware?' });
    expect(answered.data.state).toBe(2);
    const before = (await getCase(support, id)).data;

    const note = await call<{ case_id: number; comment_id: number; state: number }>(support, 'add_comment', { case_id: id, comment: 'Customer is on a trial, check the order', internal: true });
    expect(note.status, note.message).toBe(200);
    expect(note.data).toMatchObject({ case_id: id, state: 2 });

    const asSupport = (await getCase(support, id)).data;
    expect(asSupport.comments.map((comment) => [comment.comment, comment.internal])).toEqual([
      ['Which firmware?', false],
      ['Customer is on a trial, check the order', true],
    ]);
    // Not an answer: the state stays, no state change in the history, the list's updated stays.
    expect(asSupport.state).toBe(2);
    expect(asSupport.updated).toBe(before.updated);
    expect(asSupport.history).toEqual(before.history);
    expect((await listed(support, { user: ann.id })).find((kase) => kase.id === id)?.updated).toBe(before.updated);

    const asAnn = (await getCase(ann, id)).data;
    expect(asAnn.comments.map((comment) => comment.comment)).toEqual(['Which firmware?']);
    expect(asAnn.comments[0]).not.toHaveProperty('internal');
    expect(JSON.stringify(asAnn)).not.toContain('trial');
    expect(asAnn.updated).toBe(before.updated);
    expect((await listed(ann)).find((kase) => kase.id === id)).toMatchObject({ state: 2, updated: before.updated });

    // The customer's own comment after the note moves the case on as ever.
    expect((await call<{ state: number }>(ann, 'add_comment', { case_id: id, comment: 'Version 1.4' })).data.state).toBe(3);
    expect((await getCase(ann, id)).data.comments.map((comment) => comment.comment)).toEqual(['Which firmware?', 'Version 1.4']);
  });

  it('cannot be written by a customer, even on their own case, and cannot close a case; nothing changes', async () => {
    const [ann, , support] = await users;
    const id = await openCase(ann);
    const before = (await getCase(support, id)).data;

    const byCustomer = await call(ann, 'add_comment', { case_id: id, comment: 'Note to self', internal: true });
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body).toEqual({ status: 'error', message: caseMessages.internalNoteForAdmins });
    const closing = await call(support, 'add_comment', { case_id: id, comment: 'Closing quietly', internal: true, close: true });
    expect(closing.status).toBe(400);
    expect(closing.body).toEqual({ status: 'error', message: caseMessages.internalNoteCannotClose });

    expect((await getCase(support, id)).data).toEqual(before);
    // `internal: false` is an ordinary comment, for a customer too.
    expect((await call<{ state: number }>(ann, 'add_comment', { case_id: id, comment: 'Any news?', internal: false })).data.state).toBe(3);
  });
});

describe('what a case is about', () => {
  it("names the customer's own license and product, or one shared with them, and get_case answers them", async () => {
    const [ann, bob] = await users;
    const license = await storeLicense(ann.id, { license_type_id: 'Battery' });
    const product = await registeredProduct(ann);
    const id = await openCase(ann, { license_id: license.id, product_id: product.id });
    const detail = (await getCase(ann, id)).data;
    expect(detail.license).toEqual({ id: license.id, license_type_id: 'Battery' });
    expect(detail.product).toEqual({ id: product.id, product_id: product.product_id, uid: product.uid });

    // A license shared with Bob is one he holds: he may ask about it.
    expect((await licCall(ann.accessToken, 'share_license', { license_id: license.id, with_user_id: bob.id })).status).toBe(200);
    const bobs = await openCase(bob, { license_id: license.id });
    expect((await getCase(bob, bobs)).data).toMatchObject({ license: { id: license.id, license_type_id: 'Battery' }, product: null });
    // A case naming nothing answers nulls.
    expect((await getCase(ann, await openCase(ann))).data).toMatchObject({ license: null, product: null });
  });

  it("refuses another user's license or product, or one that does not exist, and opens nothing", async () => {
    const [ann, bob] = await users;
    const carol = await customer();
    const license = await storeLicense(ann.id);
    const product = await registeredProduct(ann);
    const before = await listed(carol, { state: [0, 1, 2, 3] });

    const withLicense = await call(carol, 'create_case', { title: 'Mine now?', description: 'x', license_id: license.id });
    expect(withLicense).toMatchObject({ status: 404, body: { status: 'error', message: caseMessages.licenseNotHeld(license.id) } });
    const withProduct = await call(carol, 'create_case', { title: 'Mine now?', description: 'x', product_id: product.id });
    expect(withProduct).toMatchObject({ status: 404, body: { status: 'error', message: caseMessages.productNotOwned(product.id) } });
    // One's own license with another's product: still refused as a whole.
    const own = await storeLicense(carol.id);
    const mixed = await call(carol, 'create_case', { title: 'Both', description: 'x', license_id: own.id, product_id: product.id });
    expect(mixed).toMatchObject({ status: 404, body: { message: caseMessages.productNotOwned(product.id) } });
    const missing = await call(carol, 'create_case', { title: 'Ghost', description: 'x', license_id: 999_999_999 });
    expect(missing).toMatchObject({ status: 404, body: { message: caseMessages.licenseNotHeld(999_999_999) } });

    expect(await listed(carol, { state: [0, 1, 2, 3] })).toEqual(before);
    // Bob, who holds none of Ann's, is refused the same way.
    expect((await call(bob, 'create_case', { title: 'x', description: 'x', product_id: product.id })).status).toBe(404);
  });
});
