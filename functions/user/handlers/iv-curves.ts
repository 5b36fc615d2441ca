import type { IvCurve, userContract } from '../../../shared/contract/user';
import { ivCurveMessages } from '../../../shared/iv-curves/iv-curves';
import { readCurveFile } from '../../domain/iv-curves/curve-file.rules';
import { getCurveFile } from '../../domain/iv-curves/curve-files';
import { mayChange, maySee, visibleCurves, type CurveViewer } from '../../domain/iv-curves/iv-curve.rules';
import { storeCurveVersion, storeNewCurve } from '../../domain/iv-curves/iv-curves';
import { IvCurveChangedError, allCurves, curvesOf, findCurve, publicCurves, type IvCurveRecord } from '../../domain/iv-curves/iv-curves.repository';
import { findProduct } from '../../domain/products/products.repository';
import { callerUserId } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import type { Caller } from '../../lib/auth';
import { mapInBatches } from '../../lib/batches';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';

type UserHandlers = EndpointHandlers<typeof userContract>;

const viewerOf = async (caller: Caller): Promise<CurveViewer> => ({ userId: await callerUserId(caller), isAdmin: caller.isAdmin });

/** The owners' emails a viewer is shown: every owner's for an admin, only their own for anyone else. */
async function ownerEmails(curves: readonly IvCurveRecord[], viewer: CurveViewer): Promise<Map<number, string>> {
  const ids = [...new Set(curves.map((curve) => curve.user_id))].filter((id) => viewer.isAdmin || id === viewer.userId);
  // A few reads at a time: an admin's list may name many owners.
  const users = await mapInBatches(ids, 16, (id) => findUserById(id));
  return new Map(users.filter((user) => user !== null).map((user) => [user.id, user.email]));
}

const toRow = (curve: IvCurveRecord, viewer: CurveViewer, emails: Map<number, string>): IvCurve => ({
  id: curve.id,
  product_id: curve.product_id ?? null,
  version: curve.version,
  created: curve.created,
  updated: curve.updated,
  user_id: curve.user_id,
  user: emails.get(curve.user_id) ?? null,
  public: curve.public,
  manufacturer: curve.manufacturer,
  model: curve.model,
  unit: curve.unit,
  filename: curve.filename,
  points: curve.points,
  can_update: mayChange(curve, viewer),
});

/** A curve the viewer may see, or "not found": another user's private curve is not found for others. */
async function visibleCurve(id: number, viewer: CurveViewer): Promise<IvCurveRecord> {
  const curve = await findCurve(id);
  if (!curve || !maySee(curve, viewer)) throw notFound(ivCurveMessages.notFound(id));
  return curve;
}

export const getIvCurves: UserHandlers['get_iv_curves'] = async (_params, { caller }) => {
  const viewer = await viewerOf(caller);
  const found = viewer.isAdmin ? await allCurves() : (await Promise.all([curvesOf(viewer.userId), publicCurves()])).flat();
  const curves = visibleCurves(found, viewer);
  const emails = await ownerEmails(curves, viewer);
  return { curves: curves.map((curve) => toRow(curve, viewer, emails)), can_publish: viewer.isAdmin };
};

/**
 * An upload, checked in this order so that nothing is read or stored for a caller who may not make it:
 * `public` from an admin only; the curve to update visible (else not found) and the caller's to change;
 * the product the caller's (an admin: any); then the file must be a curve. Only then are file and record
 * stored.
 */
export const uploadIvCurve: UserHandlers['upload_iv_curve'] = async (params, { caller }) => {
  const viewer = await viewerOf(caller);
  if (params.public !== undefined && !viewer.isAdmin) throw forbidden(ivCurveMessages.publicForAdmins);
  let current: IvCurveRecord | null = null;
  if (params.upload_type === 'update') {
    current = await visibleCurve(params.id!, viewer);
    if (!mayChange(current, viewer)) throw forbidden(ivCurveMessages.ownerOnly(current.id));
  }
  if (params.product_id !== undefined) {
    const product = await findProduct(params.product_id);
    if (!product || (!viewer.isAdmin && product.user_id !== viewer.userId)) throw notFound(ivCurveMessages.productNotFound(params.product_id));
  }

  const file = params.uploaded_file;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const reading = readCurveFile(bytes);
  if ('problem' in reading) throw badRequest(reading.problem);
  const upload = { filename: file.name, bytes, curve: reading.curve, productId: params.product_id, public: params.public };

  let stored: IvCurveRecord;
  try {
    stored = current ? await storeCurveVersion(current, upload) : await storeNewCurve(viewer.userId, upload);
  } catch (error) {
    if (error instanceof IvCurveChangedError && current) throw conflict(ivCurveMessages.changedMeanwhile(current.id));
    throw error;
  }
  return toRow(stored, viewer, await ownerEmails([stored], viewer));
};

export const getIvCurveFile: UserHandlers['get_iv_curve_file'] = async ({ id }, { caller }) => {
  const curve = await visibleCurve(id, await viewerOf(caller));
  const bytes = await getCurveFile(curve.file_key);
  return { id: curve.id, version: curve.version, filename: curve.filename, content: new TextDecoder().decode(bytes) };
};
