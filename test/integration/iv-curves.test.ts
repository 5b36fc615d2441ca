import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { findCurve } from '../../functions/domain/iv-curves/iv-curves.repository';
import { apiMessages } from '../../shared/api';
import { MAX_IV_CURVE_BYTES, ivCurveMessages } from '../../shared/iv-curves/iv-curves';
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

type Curve = {
  id: number;
  product_id: number | null;
  version: number;
  created: string;
  updated: string;
  user_id: number;
  user: string | null;
  public: boolean;
  manufacturer: string;
  model: string;
  unit: string;
  filename: string;
  points: number;
  can_update: boolean;
};

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
  return answer.body.data as { curves: Curve[]; can_publish: boolean };
};
const idsOf = async (user: { accessToken: string }) => (await listOf(user)).curves.map((curve) => curve.id);
/** The user's own curves in their list (public curves of other tests' admins are listed too). */
const ownCurves = async (user: User) => (await listOf(user)).curves.filter((curve) => curve.user_id === user.id);
const ownIds = async (user: User) => (await ownCurves(user)).map((curve) => curve.id);
const fileOf = (user: { accessToken: string }, id: number) => callApi('user', { cmd: 'get_iv_curve_file', id }, user.accessToken);

/** A new curve of `owner`, checked to be stored. */
async function uploaded(owner: User, text = curveText(), fields: Record<string, string | number | boolean> = {}): Promise<Curve> {
  const answer = await uploadCurve(owner.accessToken, curveFile(text), fields);
  expect(answer.body.status, answer.body.message).toBe('ok');
  return answer.body.data as Curve;
}

describe('uploading a new curve', () => {
  it('stores the file in S3 as sent and its fields, read from the file, in the table', async () => {
    const owner = await customer();
    const text = curveText({ manufacturer: 'Helios', model: 'HX-7', unit: 'uA', points: [[0, 5], [0.3, 4.5], [0.55, 0]] });
    const answer = await uploadCurve(owner.accessToken, curveFile(text, 'helios-hx7.csv'));
    expect(answer.status).toBe(200);
    const curve = answer.body.data as Curve;
    expect(curve).toEqual({
      id: expect.any(Number),
      product_id: null,
      version: 1,
      created: expect.any(String),
      updated: curve.created,
      user_id: owner.id,
      user: owner.email,
      public: false,
      manufacturer: 'Helios',
      model: 'HX-7',
      unit: 'uA',
      filename: 'helios-hx7.csv',
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
      data: { id: curve.id, version: 1, filename: 'helios-hx7.csv', content: text },
    });
  });

  it("names a registered product of the caller's, sent as form text", async () => {
    const owner = await customer();
    const device = newDevice();
    await storeDevices(device);
    const product = (await productCall(owner.accessToken, 'register_product', { uid: device.uid })).body.data as { id: number };
    const curve = await uploaded(owner, curveText(), { product_id: String(product.id) });
    expect(curve.product_id).toBe(product.id);
    expect(await ownCurves(owner)).toEqual([expect.objectContaining({ id: curve.id, product_id: product.id })]);
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
      filename: 'rev-b.csv',
      points: 2,
    });
    const stored = (await record(curve.id))!;
    expect(stored.file_key).not.toBe(oldKey);
    expect(await storedBytes(stored.file_key)).toBe(text);
    expect(await storedBytes(oldKey)).toBeNull();
    expect(await ownCurves(owner)).toEqual([answer.body.data]);
    expect((await fileOf(owner, curve.id)).body.data).toEqual({ id: curve.id, version: 2, filename: 'rev-b.csv', content: text });
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
    expect(await ownCurves(owner)).toEqual([{ ...(answer.body.data as Curve), can_update: true }]);
    // Published, so now every user sees it.
    expect(await idsOf(other)).toContain(curve.id);
  });
});
