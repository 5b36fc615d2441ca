import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { $remove, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { IvCurveUsageEntity } from '../../functions/domain/iv-curves/iv-curve-usage.entity';
import { IvCurveEntity } from '../../functions/domain/iv-curves/iv-curve.entity';
import { findCurve, usageOf } from '../../functions/domain/iv-curves/iv-curves.repository';
import { AttemptCountEntity } from '../../functions/lib/db/attempt-limit';
import { portalTable } from '../../functions/lib/db/table';
import { attemptLimits } from '../../shared/contract/limits';
import { apiMessages } from '../../shared/api';
import type { IvCurve } from '../../shared/contract/user';
import { MAX_IV_CURVE_BYTES, MAX_IV_CURVE_BYTES_PER_USER, MAX_IV_CURVES_PER_USER, ivCurveMessages } from '../../shared/iv-curves/iv-curves';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { curveFile, curveText, uploadCurve } from '../support/iv-curves';
import { withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

/**
 * IV curves over the wire (decision 024): upload_iv_curve as a multipart form, get_iv_curves and
 * get_iv_curve_file, with a second customer and an admin for who may see and change what, and the
 * IV curves bucket read straight from s3rver to prove what is (and is not) stored.
 */
const { localStack } = stackContext();
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof customer>>;


const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: localStack.endpoints.s3,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const bucket = localStack.resources.buckets.ivcurves!;

/** Every key in the IV curves bucket now. */
async function storedKeys(): Promise<string[]> {
  const { Contents } = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (Contents ?? []).map((object) => object.Key!).sort();
}
/** The bytes kept under a key, or null when there is no such object. */
async function storedBytes(key: string): Promise<string | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray()).toString('utf8');
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}
const record = (id: number) => asUnit({ endpoint: 'user' }, () => findCurve(id));

const listOf = async (user: { accessToken: string }) => {
  const answer = await callApi('user', { cmd: 'get_iv_curves' }, user.accessToken);
  expect(answer.status).toBe(200);
  return answer.body.data as { curves: IvCurve[]; count: number; can_publish: boolean };
};
const idsOf = async (user: { accessToken: string }) => (await listOf(user)).curves.map((curve) => curve.id);
/** The user's own curves in their list (public curves of other tests' admins are listed too). */
const ownCurves = async (user: User) => (await listOf(user)).curves.filter((curve) => curve.user_id === user.id);
const ownIds = async (user: User) => (await ownCurves(user)).map((curve) => curve.id);
const fileOf = (user: { accessToken: string }, id: number) => callApi('user', { cmd: 'get_iv_curve_file', id }, user.accessToken);

/** A new curve of `owner`, checked to be stored. */
async function uploaded(owner: User, text = curveText(), fields: Record<string, string | number | boolean> = {}): Promise<IvCurve> {
  const answer = await uploadCurve(owner.accessToken, curveFile(text), fields);
  expect(answer.body.status, answer.body.message).toBe('ok');
  return answer.body.data as IvCurve;
}

describe('uploading a new curve', () => {
  it('stores the file in S3 as sent and its fields, read from the file, in the table', async () => {
    const owner = await customer();
    const text = curveText({ manufacturer: 'Helios', model: 'HX-7', unit: 'uA', points: [[0, 5], [0.3, 4.5], [0.55, 0]] });
    const answer = await uploadCurve(owner.accessToken, curveFile(text, 'helios-hx7.csv'));
    expect(answer.status).toBe(200);
    const curve = answer.body.data as IvCurve;
    expect(curve).toEqual({
      id: expect.any(Number),
      product_id: null,
      product: null,
      version: 1,
      created: expect.any(String),
      updated: curve.created,
      user_id: owner.id,
      user: owner.email,
      public: false,
      manufacturer: 'Helios',
      model: 'HX-7',
      unit: 'uA',
      filename: `${curve.id}-v1.csv`,
      points: 3,
      can_update: true,
    });
    expect(Date.now() - Date.parse(curve.created)).toBeLessThan(60_000);

    const stored = await record(curve.id);
    expect(stored).toMatchObject({ id: curve.id, user_id: owner.id, version: 1, size: Buffer.byteLength(text) });
    expect(await storedBytes(stored!.file_key)).toBe(text);
    expect((await listOf(owner)).can_publish).toBe(false);
    expect(await ownCurves(owner)).toEqual([curve]);
    expect((await fileOf(owner, curve.id)).body).toEqual({
      status: 'ok',
      data: { id: curve.id, version: 1, filename: `${curve.id}-v1.csv`, content: text },
    });
  });

  it("names a registered product of the caller's, sent as form text", async () => {
    const owner = await customer();
    const device = newDevice();
    await storeDevices(device);
    const product = (await productCall(owner.accessToken, 'register_product', { uid: device.uid })).body.data as { id: number; product_id: string; uid: string };
    const curve = await uploaded(owner, curveText(), { product_id: String(product.id) });
    expect(curve.product_id).toBe(product.id);
    // Named as My products names it, not by the registration's number.
    const named = { product_id: product.product_id, uid: device.uid };
    expect(curve.product).toEqual(named);
    expect(await ownCurves(owner)).toEqual([expect.objectContaining({ id: curve.id, product_id: product.id, product: named })]);
  });

  it("refuses another user's product, a product id that is no number, and stores nothing", async () => {
    const [owner, other] = await Promise.all([customer(), customer()]);
    const device = newDevice();
    await storeDevices(device);
    const theirs = (await productCall(other.accessToken, 'register_product', { uid: device.uid })).body.data as { id: number };
    const before = await storedKeys();
    expect(await uploadCurve(owner.accessToken, curveFile(curveText()), { product_id: theirs.id })).toEqual({
      status: 404,
      body: { status: 'error', message: ivCurveMessages.productNotFound(theirs.id) },
    });
    const notANumber = await uploadCurve(owner.accessToken, curveFile(curveText()), { product_id: 'twelve' });
    expect(notANumber).toEqual({ status: 400, body: { status: 'error', message: 'product_id: Expected a whole number' } });
    expect(await ownIds(owner)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('lists the caller’s curves newest first', async () => {
    const owner = await customer();
    const first = await uploaded(owner, curveText({ model: 'first' }));
    const second = await uploaded(owner, curveText({ model: 'second' }));
    expect(await ownIds(owner)).toEqual([second.id, first.id]);
  });
});

describe('the limits of an upload', () => {
  it('refuses a file one byte over the limit with 413, and one far over it, storing nothing', async () => {
    const owner = await customer();
    const before = await storedKeys();
    const justOver = curveText() + ' '.repeat(MAX_IV_CURVE_BYTES + 1 - Buffer.byteLength(curveText()));
    expect(Buffer.byteLength(justOver)).toBe(MAX_IV_CURVE_BYTES + 1);
    expect(await uploadCurve(owner.accessToken, curveFile(justOver))).toEqual({
      status: 413,
      body: { status: 'error', message: apiMessages.fileTooLarge(MAX_IV_CURVE_BYTES) },
    });
    const farOver = await uploadCurve(owner.accessToken, curveFile(new Uint8Array(3 * MAX_IV_CURVE_BYTES).fill(0x30)));
    expect(farOver).toEqual({ status: 413, body: { status: 'error', message: apiMessages.fileTooLarge(MAX_IV_CURVE_BYTES) } });
    expect(await ownIds(owner)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('takes a file of exactly the limit', async () => {
    const owner = await customer();
    const exact = curveText() + ' '.repeat(MAX_IV_CURVE_BYTES - Buffer.byteLength(curveText()));
    const curve = await uploaded(owner, exact);
    expect((await record(curve.id))!.size).toBe(MAX_IV_CURVE_BYTES);
  });

  it('refuses an empty file, a file that is not a curve, and a form without a file, each saying why and storing nothing', async () => {
    const owner = await customer();
    const before = await storedKeys();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xd8, 0x00, 0x10]);
    const cases = [
      [curveFile(''), 'uploaded_file: The file is empty'],
      [curveFile('\n\n'), ivCurveMessages.empty],
      [curveFile(png, 'photo.png'), ivCurveMessages.notACurve('it is not UTF-8 text')],
      [curveFile(curveText().replace('0.25,51.9', '0.25,lots')), ivCurveMessages.notACurve('line 6: the current is not a finite number')],
      [curveFile(curveText({ points: [[0, 1]] })), ivCurveMessages.notACurve('a curve has at least 2 points, this one 1')],
      [curveFile(curveText({ unit: 'W' })), ivCurveMessages.notACurve('line 3: unit must be one of A, mA, uA, nA (the unit of the current values)')],
      [null, 'uploaded_file: No file given'],
    ] as const;
    for (const [file, message] of cases) {
      expect(await uploadCurve(owner.accessToken, file), message).toEqual({ status: 400, body: { status: 'error', message } });
    }
    expect(await ownIds(owner)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('counts a file that is not a curve toward the day\'s uploads, as every upload is counted', async () => {
    const owner = await customer();
    // The day's uploads of the owner, over every window the counter keeps (the day may turn meanwhile).
    const uploadsCounted = () =>
      asUnit({ endpoint: 'user' }, async () => {
        const { Items = [] } = await portalTable
          .build(QueryCommand)
          .entities(AttemptCountEntity)
          .query({ partition: `attempts#${attemptLimits.uploadIvCurve.action}#${owner.id}` })
          .options({ consistent: true })
          .send();
        return Items.reduce((sum, item) => sum + item.count, 0);
      });
    expect(await uploadCurve(owner.accessToken, curveFile(curveText({ unit: 'W' })))).toMatchObject({ status: 400 });
    expect(await uploadsCounted()).toBe(1);
    await uploaded(owner);
    expect(await uploadsCounted()).toBe(2);
  });

  it('refuses an upload as JSON, an update without the curve id, and an id with a new curve', async () => {
    const owner = await customer();
    const json = await callApi('user', { cmd: 'upload_iv_curve', upload_type: 'new' }, owner.accessToken);
    expect(json).toEqual({ status: 400, body: { status: 'error', message: apiMessages.multipartRequired } });
    expect(await uploadCurve(owner.accessToken, curveFile(curveText()), { upload_type: 'update' })).toEqual({
      status: 400,
      body: { status: 'error', message: `id: ${ivCurveMessages.idForUpdate}` },
    });
    expect(await uploadCurve(owner.accessToken, curveFile(curveText()), { id: 1 })).toEqual({
      status: 400,
      body: { status: 'error', message: `id: ${ivCurveMessages.idOnlyForUpdate}` },
    });
    expect((await uploadCurve(owner.accessToken, curveFile(curveText()), { upload_type: 'replace' })).status).toBe(400);
    expect(await ownIds(owner)).toEqual([]);
  });
});

describe('updating a curve', () => {
  it('keeps its id, owner and created time, counts up its version, and replaces its file', async () => {
    const owner = await customer();
    const curve = await uploaded(owner);
    const oldKey = (await record(curve.id))!.file_key;
    const text = curveText({ manufacturer: 'Acme Solar', model: 'SC-100 rev B', unit: 'A', points: [[0, 0.05], [0.6, 0]] });
    const answer = await uploadCurve(owner.accessToken, curveFile(text, 'rev-b.csv'), { upload_type: 'update', id: curve.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      ...curve,
      version: 2,
      updated: expect.any(String),
      model: 'SC-100 rev B',
      unit: 'A',
      filename: `${curve.id}-v2.csv`,
      points: 2,
    });
    const stored = (await record(curve.id))!;
    expect(stored.file_key).not.toBe(oldKey);
    expect(await storedBytes(stored.file_key)).toBe(text);
    expect(await storedBytes(oldKey)).toBeNull();
    expect(await ownCurves(owner)).toEqual([answer.body.data]);
    expect((await fileOf(owner, curve.id)).body.data).toEqual({ id: curve.id, version: 2, filename: `${curve.id}-v2.csv`, content: text });
  });

  it('leaves the curve as it was when the new file is not a curve', async () => {
    const owner = await customer();
    const text = curveText({ model: 'kept' });
    const curve = await uploaded(owner, text);
    const before = await storedKeys();
    const answer = await uploadCurve(owner.accessToken, curveFile('manufacturer,A\nmodel,B\n'), { upload_type: 'update', id: curve.id });
    expect(answer.status).toBe(400);
    expect(await ownCurves(owner)).toMatchObject([{ id: curve.id, version: 1, model: 'kept' }]);
    expect(await storedKeys()).toEqual(before);
    expect((await fileOf(owner, curve.id)).body.data).toMatchObject({ version: 1, content: text });
  });

  it('answers an unknown curve id as not found', async () => {
    const owner = await customer();
    expect(await uploadCurve(owner.accessToken, curveFile(curveText()), { upload_type: 'update', id: 99_999_999 })).toEqual({
      status: 404,
      body: { status: 'error', message: ivCurveMessages.notFound(99_999_999) },
    });
  });
});

describe('who may see and change a curve', () => {
  it("keeps a private curve from another user: not listed, not found to fetch or update, and unchanged", async () => {
    const [owner, other] = await Promise.all([customer(), customer()]);
    const text = curveText({ model: 'private' });
    const curve = await uploaded(owner, text);
    expect(await idsOf(other)).not.toContain(curve.id);
    expect(await fileOf(other, curve.id)).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(curve.id) } });
    const update = await uploadCurve(other.accessToken, curveFile(curveText({ model: 'taken over' })), { upload_type: 'update', id: curve.id });
    expect(update).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(curve.id) } });
    expect(await ownCurves(owner)).toEqual([curve]);
    expect(await storedBytes((await record(curve.id))!.file_key)).toBe(text);
    expect(await idsOf(other)).not.toContain(curve.id);
  });

  it('shows a public curve to everyone, but lets only its owner and admins change it', async () => {
    const [publisher, reader] = await Promise.all([admin(), customer()]);
    const text = curveText({ manufacturer: 'Reference', model: 'public' });
    const curve = await uploaded(publisher, text, { public: true });
    expect(curve).toMatchObject({ public: true, user_id: publisher.id, user: publisher.email });

    const seen = (await listOf(reader)).curves.find((c) => c.id === curve.id);
    // Another user's email is an admin's to see, not every customer's.
    expect(seen).toEqual({ ...curve, user: null, can_update: false });
    expect((await fileOf(reader, curve.id)).body.data).toMatchObject({ content: text });

    const update = await uploadCurve(reader.accessToken, curveFile(curveText({ model: 'defaced' })), { upload_type: 'update', id: curve.id });
    expect(update).toEqual({ status: 403, body: { status: 'error', message: ivCurveMessages.ownerOnly(curve.id) } });
    expect((await listOf(reader)).curves.find((c) => c.id === curve.id)).toMatchObject({ version: 1, model: 'public' });
  });

  it('lets only admins make a curve public or private', async () => {
    const owner = await customer();
    for (const value of [true, false]) {
      expect(await uploadCurve(owner.accessToken, curveFile(curveText()), { public: value })).toEqual({
        status: 403,
        body: { status: 'error', message: ivCurveMessages.publicForAdmins },
      });
    }
    const curve = await uploaded(owner);
    const publish = await uploadCurve(owner.accessToken, curveFile(curveText()), { upload_type: 'update', id: curve.id, public: true });
    expect(publish.status).toBe(403);
    expect(await ownCurves(owner)).toMatchObject([{ id: curve.id, public: false, version: 1 }]);
  });

  it('shows an admin every curve with its owner, and lets the admin update and publish one, the owner kept', async () => {
    const [owner, boss, other] = await Promise.all([customer(), admin(), customer()]);
    const curve = await uploaded(owner, curveText({ model: 'for review' }));
    const listed = await listOf(boss);
    expect(listed.can_publish).toBe(true);
    expect(listed.curves.find((c) => c.id === curve.id)).toEqual({ ...curve, can_update: true });

    const answer = await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'reviewed' })), { upload_type: 'update', id: curve.id, public: 'true' });
    expect(answer.body.data).toMatchObject({ id: curve.id, version: 2, user_id: owner.id, user: owner.email, public: true, model: 'reviewed' });
    expect(await ownCurves(owner)).toEqual([{ ...(answer.body.data as IvCurve), can_update: true }]);
    // Published, so now every user sees it.
    expect(await idsOf(other)).toContain(curve.id);
  });
});

/** Runs `work` over `items`, `size` at a time (the local stack takes a few parallel uploads, not fifty). */
async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size) results.push(...(await Promise.all(items.slice(at, at + size).map(work))));
  return results;
}
const deleteCall = (user: { accessToken: string }, id: number) => callApi('user', { cmd: 'delete_iv_curve', id }, user.accessToken);
/** A file of exactly `size` bytes that is a curve (spaces after the points are a blank line's worth). */
const curveOfSize = (size: number, model = 'sized') => curveText({ model }) + ' '.repeat(size - Buffer.byteLength(curveText({ model })));

describe('what one user may keep', () => {
  it(`refuses a customer's curve past ${MAX_IV_CURVES_PER_USER}, also several at once, storing nothing of it; a delete makes room`, async () => {
    const owner = await customer();
    const first = await inBatches(Array.from({ length: MAX_IV_CURVES_PER_USER - 2 }, (_, i) => i), 8, (i) => uploaded(owner, curveText({ model: `n${i}` })));
    const keysBefore = await storedKeys();

    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => uploadCurve(owner.accessToken, curveFile(curveText({ model: `race${i}` })))));
    expect(racing.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(racing.filter((answer) => answer.status !== 200)).toEqual(
      Array.from({ length: 3 }, () => ({ status: 403, body: { status: 'error', message: ivCurveMessages.tooManyCurves } })),
    );
    expect(await ownIds(owner)).toHaveLength(MAX_IV_CURVES_PER_USER);
    // Only the two stored curves' files were added to the bucket.
    expect((await storedKeys()).length).toBe(keysBefore.length + 2);
    expect(await uploadCurve(owner.accessToken, curveFile(curveText()))).toEqual({ status: 403, body: { status: 'error', message: ivCurveMessages.tooManyCurves } });

    expect((await deleteCall(owner, first[0]!.id)).status).toBe(200);
    const again = await uploaded(owner, curveText({ model: 'room again' }));
    expect(await ownIds(owner)).toHaveLength(MAX_IV_CURVES_PER_USER);
    expect(await ownIds(owner)).toContain(again.id);
  });

  it(`refuses a customer's files past ${MAX_IV_CURVE_BYTES_PER_USER / 1024 / 1024} MB in all, on upload and on update, storing nothing of them`, async () => {
    const owner = await customer();
    const full = MAX_IV_CURVE_BYTES_PER_USER / MAX_IV_CURVE_BYTES;
    const large = await inBatches(Array.from({ length: full }, (_, i) => i), 4, (i) => uploaded(owner, curveOfSize(MAX_IV_CURVE_BYTES, `big${i}`)));
    const keysBefore = await storedKeys();
    const tooMuch = { status: 403, body: { status: 'error', message: ivCurveMessages.tooManyBytes } };

    expect(await uploadCurve(owner.accessToken, curveFile(curveText({ model: 'one more' })))).toEqual(tooMuch);
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await ownIds(owner)).toHaveLength(full);

    // An update to a smaller file makes room; one that grows a file past the limit is refused.
    const target = large[0]!;
    const smaller = await uploadCurve(owner.accessToken, curveFile(curveText({ model: 'smaller' })), { upload_type: 'update', id: target.id });
    expect(smaller.body.data).toMatchObject({ id: target.id, version: 2, model: 'smaller' });
    expect((await uploaded(owner, curveText({ model: 'fits now' }))).model).toBe('fits now');
    const keysNow = await storedKeys();
    expect(await uploadCurve(owner.accessToken, curveFile(curveOfSize(MAX_IV_CURVE_BYTES, 'too big again')))).toEqual(tooMuch);
    expect(await uploadCurve(owner.accessToken, curveFile(curveOfSize(MAX_IV_CURVE_BYTES, 'grow')), { upload_type: 'update', id: target.id })).toEqual(tooMuch);
    expect((await ownCurves(owner)).find((curve) => curve.id === target.id)).toMatchObject({ version: 2, model: 'smaller' });
    expect(await storedKeys()).toEqual(keysNow);
  });
});

describe('deleting a curve', () => {
  it('lets its owner delete it: the record, its list row and its file go', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const curve = await uploaded(owner, curveText({ model: 'to delete' }));
    const key = (await record(curve.id))!.file_key;
    expect(await deleteCall(owner, curve.id)).toEqual({ status: 200, body: { status: 'ok', data: { id: curve.id } } });
    expect(await record(curve.id)).toBeNull();
    expect(await storedBytes(key)).toBeNull();
    expect(await ownIds(owner)).toEqual([]);
    expect(await idsOf(boss)).not.toContain(curve.id);
    expect(await fileOf(owner, curve.id)).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(curve.id) } });
    expect(await deleteCall(owner, curve.id)).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(curve.id) } });
  });

  it('takes from the usage only what entered it: a curve from before the limits is counted when updated, not taken when deleted', async () => {
    const owner = await customer();
    const kept = await uploaded(owner, curveText({ model: 'kept' }));
    const [old, older] = [await uploaded(owner, curveText({ model: 'old' })), await uploaded(owner, curveText({ model: 'older' }))];
    // Two curves as a deployment from before the per-user limits holds them: stored, never counted.
    const sizes = await Promise.all([kept, old, older].map(async ({ id }) => (await record(id))!.size));
    await asUnit({ endpoint: 'user' }, async () => {
      for (const { id } of [old, older]) await IvCurveEntity.build(UpdateItemCommand).item({ id, counted: $remove() }).send();
      await IvCurveUsageEntity.build(PutItemCommand).item({ user_id: owner.id, curves: 1, bytes: sizes[0]! }).send();
    });
    const usage = () => asUnit({ endpoint: 'user' }, () => usageOf(owner.id));

    expect((await deleteCall(owner, old.id)).status).toBe(200);
    expect(await usage()).toEqual({ curves: 1, bytes: sizes[0] });
    const update = await uploadCurve(owner.accessToken, curveFile(curveText({ model: 'older again' })), { upload_type: 'update', id: older.id });
    expect(update.status).toBe(200);
    expect(await usage()).toEqual({ curves: 2, bytes: sizes[0]! + (await record(older.id))!.size });
    expect((await deleteCall(owner, older.id)).status).toBe(200);
    expect(await usage()).toEqual({ curves: 1, bytes: sizes[0] });
  });

  it("lets an admin delete a customer's curve", async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const curve = await uploaded(owner);
    const key = (await record(curve.id))!.file_key;
    expect((await deleteCall(boss, curve.id)).status).toBe(200);
    expect(await ownIds(owner)).toEqual([]);
    expect(await storedBytes(key)).toBeNull();
  });

  it("refuses another customer: a private curve is not found, a public one not theirs to delete, and nothing changes", async () => {
    const [owner, other, boss] = await Promise.all([customer(), customer(), admin()]);
    const text = curveText({ model: 'kept private' });
    const mine = await uploaded(owner, text);
    const published = await uploaded(boss, curveText({ model: `kept public ${boss.id}` }), { public: true });
    expect(await deleteCall(other, mine.id)).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(mine.id) } });
    expect(await deleteCall(other, published.id)).toEqual({ status: 403, body: { status: 'error', message: ivCurveMessages.ownerOnly(published.id) } });
    expect(await ownCurves(owner)).toEqual([mine]);
    expect(await storedBytes((await record(mine.id))!.file_key)).toBe(text);
    expect((await listOf(other)).curves.map((curve) => curve.id)).toContain(published.id);
  });
});

describe("an owner's update of a published curve", () => {
  it('makes it private again, until an admin publishes the new version', async () => {
    const [owner, boss, reader] = await Promise.all([customer(), admin(), customer()]);
    const curve = await uploaded(owner, curveText({ model: 'reviewed' }));
    const published = await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'reviewed' })), { upload_type: 'update', id: curve.id, public: true });
    expect(published.body.data).toMatchObject({ version: 2, public: true });
    expect(await idsOf(reader)).toContain(curve.id);

    const changed = await uploadCurve(owner.accessToken, curveFile(curveText({ model: 'changed after review' })), { upload_type: 'update', id: curve.id });
    expect(changed.body.data).toMatchObject({ id: curve.id, version: 3, public: false, model: 'changed after review' });
    expect(await idsOf(reader)).not.toContain(curve.id);
    expect(await fileOf(reader, curve.id)).toEqual({ status: 404, body: { status: 'error', message: ivCurveMessages.notFound(curve.id) } });
    expect((await listOf(boss)).curves.find((c) => c.id === curve.id)).toMatchObject({ version: 3, public: false });

    // An admin's update without `public` keeps what the admin decided.
    const again = await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'changed after review' })), { upload_type: 'update', id: curve.id, public: true });
    expect(again.body.data).toMatchObject({ version: 4, public: true });
    const kept = await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'fixed by admin' })), { upload_type: 'update', id: curve.id });
    expect(kept.body.data).toMatchObject({ version: 5, public: true });
    expect(await idsOf(reader)).toContain(curve.id);
  });
});

describe('names a spreadsheet would run', () => {
  it.each([
    ['manufacturer', '=2+5', 1],
    ['manufacturer', '@SUM(A1:A9)', 1],
    ['model', '+1+cmd', 2],
    ['model', '-2+3', 2],
    ['model', '\tTabbed', 2],
  ] as const)('refuses a %s starting %j, storing nothing', async (field, value, line) => {
    const owner = await customer();
    const before = await storedKeys();
    const answer = await uploadCurve(owner.accessToken, curveFile(curveText({ [field]: value })));
    expect(answer).toEqual({ status: 400, body: { status: 'error', message: ivCurveMessages.notACurve(`line ${line}: ${ivCurveMessages.formulaStart(field)}`) } });
    expect(await ownIds(owner)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });
});

describe("a curve's download", () => {
  it("is named from the curve, {id}-v{version}.csv, never the uploader's file name", async () => {
    const [owner, reader, boss] = await Promise.all([customer(), customer(), admin()]);
    const answer = await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'named' }), '..\\..\\invoice "paid".exe'), { public: true });
    const curve = answer.body.data as IvCurve;
    expect(curve.filename).toBe(`${curve.id}-v1.csv`);
    const disposition = async () => (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: (await record(curve.id))!.file_key }))).ContentDisposition;
    expect(await disposition()).toBe(`attachment; filename="${curve.id}-v1.csv"`);
    expect((await fileOf(reader, curve.id)).body.data).toMatchObject({ filename: `${curve.id}-v1.csv` });

    await uploadCurve(boss.accessToken, curveFile(curveText({ model: 'renamed' }), 'setup.bat'), { upload_type: 'update', id: curve.id });
    expect(await disposition()).toBe(`attachment; filename="${curve.id}-v2.csv"`);
    expect((await fileOf(owner, curve.id)).body.data).toMatchObject({ filename: `${curve.id}-v2.csv` });
    expect((await listOf(reader)).curves.find((c) => c.id === curve.id)).toMatchObject({ filename: `${curve.id}-v2.csv` });
  });
});

describe("the list's pages", () => {
  const page = (user: { accessToken: string }, params: Record<string, unknown>) => callApi('user', { cmd: 'get_iv_curves', ...params }, user.accessToken);
  const pageOf = async (user: { accessToken: string }, params: Record<string, unknown>) => {
    const answer = await page(user, params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { curves: IvCurve[]; count: number; can_publish: boolean };
  };

  it('gives an admin every curve a page at a time, searched and sorted, from the admin list', async () => {
    const [owner, other, boss] = await Promise.all([customer(), customer(), admin()]);
    const tag = `Paged${owner.id}`;
    const curves = [await uploaded(owner, curveText({ model: `${tag} b` })), await uploaded(other, curveText({ model: `${tag} c` })), await uploaded(owner, curveText({ model: `${tag} a` }))];

    const first = await pageOf(boss, { limit: 2, page: 1, search: tag });
    expect(first.count).toBe(3);
    expect(first.curves.map((c) => c.id)).toEqual([curves[2]!.id, curves[1]!.id]);
    expect(first.curves[1]).toMatchObject({ user: other.email, can_update: true });
    expect((await pageOf(boss, { limit: 2, page: 2, search: tag })).curves.map((c) => c.id)).toEqual([curves[0]!.id]);
    expect((await pageOf(boss, { limit: 20, search: tag, order_by: 'model', descending: false })).curves.map((c) => c.model)).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    expect((await pageOf(boss, { limit: 20, search: other.email })).curves.map((c) => c.id)).toEqual([curves[1]!.id]);

    // A delete leaves the admin's list at once.
    expect((await deleteCall(owner, curves[0]!.id)).status).toBe(200);
    expect(await pageOf(boss, { limit: 20, search: tag })).toMatchObject({ count: 2 });

    // Without paging params the answer is the first 1000 of them all, newest first, with the count.
    const all = await pageOf(boss, {});
    expect(all.curves.length).toBe(Math.min(all.count, 1000));
    expect(all.curves.map((c) => c.id)).toEqual([...all.curves.map((c) => c.id)].sort((a, b) => b - a));
    expect(all.curves.map((c) => c.id)).toEqual(expect.arrayContaining([curves[1]!.id, curves[2]!.id]));
  });

  it("pages a customer's list the same way, and never searches by another user's email", async () => {
    const [owner, other] = await Promise.all([customer(), customer()]);
    const tag = `Mine${owner.id}`;
    const mine = [await uploaded(owner, curveText({ model: `${tag} 1` })), await uploaded(owner, curveText({ model: `${tag} 2` }))];
    await uploaded(other, curveText({ model: `${tag} theirs` }));
    expect(await pageOf(owner, { limit: 1, page: 2, search: tag })).toMatchObject({ count: 2, curves: [{ id: mine[0]!.id }] });
    expect(await pageOf(owner, { limit: 20, search: other.email })).toMatchObject({ count: 0, curves: [] });
    expect(await page(owner, { limit: 0 })).toMatchObject({ status: 400 });
  });
});
