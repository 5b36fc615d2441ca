import type { IvCurve, userContract } from '../../../shared/contract/user';
import {
  MAX_IV_CURVE_BYTES_PER_USER,
  MAX_IV_CURVES_PER_USER,
  ivCurveFilename,
  ivCurveMessages,
} from '../../../shared/iv-curves/iv-curves';
import { readCurveFile } from '../../domain/iv-curves/curve-file.rules';
import { getCurveFile } from '../../domain/iv-curves/curve-files';
import { ivCurveList, toIvCurveListRow, type CurveOwners, type CurveProducts, type IvCurveListRow } from '../../domain/iv-curves/iv-curve-list';
import { mayChange, maySee, visibleCurves, type CurveViewer } from '../../domain/iv-curves/iv-curve.rules';
import { removeCurve, storeCurveVersion, storeNewCurve } from '../../domain/iv-curves/iv-curves';
import type { AuditSwitch } from '../../lib/records/record-kind';
import {
  IvCurveChangedError,
  IvCurveLimitError,
  curvesOf,
  findCurve,
  publicCurves,
  type IvCurveRecord,
  type UsageLimits,
} from '../../domain/iv-curves/iv-curves.repository';
import { findProduct, productsOf } from '../../domain/products/products.repository';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../endpoint';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';

type UserHandlers = EndpointHandlers<typeof userContract>;

/** What a customer may keep and upload (decision 024); admins, who publish reference curves, are not held to it. */
const customerLimits: UsageLimits = { curves: MAX_IV_CURVES_PER_USER, bytes: MAX_IV_CURVE_BYTES_PER_USER };

/** The owner emails a customer sees: only their own (a public curve does not publish its owner's address). */
async function ownEmail(viewer: CurveViewer): Promise<CurveOwners> {
  const me = await findUserById(viewer.userId);
  return new Map(me ? [[me.id, { email: me.email }]] : []);
}

/** The products a customer sees named: only their own (a public curve does not name another's unit). */
async function ownProducts(viewer: CurveViewer): Promise<CurveProducts> {
  return new Map((await productsOf(viewer.userId)).map((product) => [product.id, { product_id: product.product_id, uid: product.uid }]));
}

/** The owners and products a viewer sees named: an admin every one (the users and products lists), a customer their own. */
interface Named {
  owners: CurveOwners;
  products: CurveProducts;
}

async function namedFor(viewer: CurveViewer): Promise<Named> {
  if (viewer.isAdmin) return ivCurveList.joined();
  const [owners, products] = await Promise.all([ownEmail(viewer), ownProducts(viewer)]);
  return { owners, products };
}

/**
 * The curves a viewer may see, as list rows, with the owners and products the viewer may see named: an
 * admin's from the admin list in memory (every curve) joined with the users and products lists; a
 * customer's from two Queries, their own curves (at most MAX_IV_CURVES_PER_USER) and the public ones.
 */
async function visibleRows(viewer: CurveViewer): Promise<{ rows: Iterable<IvCurveListRow>; named: Named }> {
  if (viewer.isAdmin) {
    const [curves, named] = await Promise.all([ivCurveList.current(), namedFor(viewer)]);
    return { rows: curves.values(), named };
  }
  const [own, published, named] = await Promise.all([curvesOf(viewer.userId), publicCurves(), namedFor(viewer)]);
  return { rows: visibleCurves([...own, ...published], viewer).map(toIvCurveListRow), named };
}

const toRow = (curve: IvCurveListRow, viewer: CurveViewer, { owners, products }: Named): IvCurve => ({
  id: curve.id,
  product_id: curve.product_id,
  product: (curve.product_id === null ? undefined : products.get(curve.product_id)) ?? null,
  version: curve.version,
  created: curve.created,
  updated: curve.updated,
  user_id: curve.user_id,
  user: owners.get(curve.user_id)?.email ?? null,
  public: curve.public,
  manufacturer: curve.manufacturer,
  model: curve.model,
  unit: curve.unit,
  filename: ivCurveFilename(curve.id, curve.version),
  points: curve.points,
  can_update: mayChange(curve, viewer),
});

/** A curve the viewer may see, or "not found": another user's private curve is not found for others. */
async function visibleCurve(id: number, viewer: CurveViewer): Promise<IvCurveRecord> {
  const curve = await findCurve(id);
  if (!curve || !maySee(curve, viewer)) throw notFound(ivCurveMessages.notFound(id));
  return curve;
}

/** A curve the viewer may change (the owner, or an admin): not found when not visible, 403 when visible only. */
async function changeableCurve(id: number, viewer: CurveViewer): Promise<IvCurveRecord> {
  const curve = await visibleCurve(id, viewer);
  if (!mayChange(curve, viewer)) throw forbidden(ivCurveMessages.ownerOnly(curve.id));
  return curve;
}

/** An administrator's change to another user's curve is audited (publishing it, a new version, deleting it), by the caller. */
const othersCurve = (curve: IvCurveRecord, viewer: CurveViewer): AuditSwitch => ({ audited: viewer.isAdmin && curve.user_id !== viewer.userId });

/** The domain's refusals as the caller is told them. */
function answerFor(error: unknown, id?: number): unknown {
  if (error instanceof IvCurveLimitError) return forbidden(error.limit === 'curves' ? ivCurveMessages.tooManyCurves : ivCurveMessages.tooManyBytes);
  if (error instanceof IvCurveChangedError) return conflict(id === undefined ? ivCurveMessages.tryAgain : ivCurveMessages.changedMeanwhile(id));
  return error;
}

/**
 * The curves the caller may see, searched and sorted (newest first unless asked), one page of them.
 * Without `limit` (a client that sends no params, as the cmd first took none) the first 1000: the list is
 * bounded whoever asks, and `count` says how many there are.
 */
export const getIvCurves: UserHandlers['get_iv_curves'] = async (params, { viewer }) => {
  const { rows, named } = await visibleRows(viewer);
  const result = ivCurveList.pageFrom(rows, named, params);
  return { curves: result.rows.map((row) => toRow(row, viewer, named)), count: result.count, can_publish: viewer.isAdmin };
};

/**
 * An upload, checked in this order so that nothing is read or stored for a caller who may not make it:
 * `public` from an admin only; the curve to update visible (else not found) and the caller's to change;
 * the product the caller's (an admin: any); then the file must be a curve. A customer's uploads a day are
 * limited (the contract's `uploadIvCurve`: a refused upload gives its attempt back).
 * Only then are file and record stored, within the owner's limits for a customer. A customer's curve is
 * private: an owner's update of a published curve makes it private again, until an admin publishes the
 * new version (what everyone sees is what an admin published).
 */
export const uploadIvCurve: UserHandlers['upload_iv_curve'] = async (params, { viewer }) => {
  if (params.public !== undefined && !viewer.isAdmin) throw forbidden(ivCurveMessages.publicForAdmins);
  const current = params.upload_type === 'update' ? await changeableCurve(params.id!, viewer) : null;
  if (params.product_id !== undefined) {
    const product = await findProduct(params.product_id);
    if (!product || (!viewer.isAdmin && product.user_id !== viewer.userId)) throw notFound(ivCurveMessages.productNotFound(params.product_id));
  }

  const bytes = new Uint8Array(await params.uploaded_file.arrayBuffer());
  const reading = readCurveFile(bytes);
  if ('problem' in reading) throw badRequest(reading.problem);
  const upload = { bytes, curve: reading.curve, productId: params.product_id, public: viewer.isAdmin ? params.public : false };
  const limits = viewer.isAdmin ? null : customerLimits;

  let stored: IvCurveRecord;
  try {
    stored = current ? await storeCurveVersion(current, upload, limits, new Date(), othersCurve(current, viewer)) : await storeNewCurve(viewer.userId, upload, limits);
  } catch (error) {
    throw answerFor(error, current?.id);
  }
  return toRow(toIvCurveListRow(stored), viewer, await namedFor(viewer));
};

/** Deletes a curve and its file: its owner or an admin (another customer: not found, or 403 for a public curve). */
export const deleteIvCurve: UserHandlers['delete_iv_curve'] = async ({ id }, { viewer }) => {
  const curve = await changeableCurve(id, viewer);
  try {
    await removeCurve(curve, new Date(), othersCurve(curve, viewer));
  } catch (error) {
    throw answerFor(error, id);
  }
  return { id };
};

/** A visible curve's file as uploaded, named from the curve (`{id}-v{version}.csv`), never from the uploader's file. */
export const getIvCurveFile: UserHandlers['get_iv_curve_file'] = async ({ id }, { viewer }) => {
  const curve = await visibleCurve(id, viewer);
  const bytes = await getCurveFile(curve.file_key);
  return { id: curve.id, version: curve.version, filename: ivCurveFilename(curve.id, curve.version), content: new TextDecoder().decode(bytes) };
};
