import type { offlineSeatsContract, OfflineRequestRow } from '../../../shared/licenses/offline-seats.contract';
import {
  OFFLINE_LEASE_DAYS,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_RETURN_PREFIX,
  offlineMessages,
  offlineRequestSchema,
  offlineRequestEnd,
  offlineReturnSchema,
  offlineTextMessages,
  parseSignedText,
} from '../../../shared/licenses/offline';
import { licenseMessages } from '../../../shared/licenses/messages';
import { findLicense, freeSeat, LicenseChangedError, reserveSeat, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import {
  answeredRequest,
  keepOfflineRequest,
  machineRequest,
  OfflineRequestTaken,
  offlineRequestById,
  offlineRequestsOf,
  signedByMachine,
  withdrawOfflineRequest,
  type OfflineRequestRecord,
} from '../../domain/licenses/offline-requests';
import { managesSeatsOf, organisationSeatOf, stillMember } from '../../domain/organisations/organisation-seat';
import { recordSeatsHeld, recordUse } from '../../domain/usage/usage-figures';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';
import { leaseEnd, MACHINE_WINDOW_DAYS, TAKEOVERS_PER_DAY, type Machine } from '../../../shared/licenses/seat';
import { machineBudget, refusal } from './desktop';
import { refuse, signedReservation } from './seat-answers';
import { licenseFor } from './license-access';

type Handlers = EndpointHandlers<typeof offlineSeatsContract>;

/** How far ahead of the portal a machine's clock may be when it dates its request. */
const CLOCK_SKEW_MS = 5 * 60_000;

const row = (request: OfflineRequestRecord): OfflineRequestRow => ({
  id: request.id,
  license_id: request.license_id,
  hostname: request.hostname,
  fingerprint: request.fingerprint,
  os: request.os,
  client_version: request.client_version,
  created_at: request.created_at,
  expires_at: request.expires_at,
  state: request.state,
  answered_at: request.answered_at ?? null,
  lease_end: request.lease_end ?? null,
  lease: request.lease ?? null,
});

const machineOf = (request: OfflineRequestRecord): Machine => ({
  fingerprint: request.fingerprint,
  hostname: request.hostname,
  client_version: request.client_version,
  os: request.os,
});

/**
 * The caller's waiting requests, and the answered ones whose lease still holds its seat: a lease returned
 * (by its code or online), released or replaced is no longer listed, so the list never offers a lease
 * file that no longer gives a seat.
 */
export const getOfflineRequests: Handlers['get_offline_requests'] = async (_params, { viewer }) => {
  const requests = await offlineRequestsOf(viewer.userId);
  const holding = await Promise.all(
    requests.map(async (request) => request.state === 'pending' || (await findLicense(request.license_id))?.offline_lease?.lease_id === request.id),
  );
  return { requests: requests.filter((_request, index) => holding[index]).map(row) };
};

/**
 * Reads a machine's request strictly and checks everything in it the portal can: the machine's signature
 * with the key it names, its age, that the caller may use the license (as reserve_license would let
 * them), that it was never brought before, and that the machine has no request waiting.
 */
export const submitOfflineRequest: Handlers['submit_offline_request'] = async ({ request: text }, { viewer }) => {
  if (text.trim().startsWith(`${OFFLINE_RETURN_PREFIX}.`)) throw badRequest(offlineTextMessages.returnNotRequest);
  const parsed = parseSignedText(text, OFFLINE_REQUEST_PREFIX, offlineRequestSchema);
  if (!parsed) throw badRequest(offlineTextMessages.notRequest);
  const request = parsed.value;
  if (!signedByMachine(parsed.signed, parsed.signature, request.machine_key)) throw badRequest(offlineMessages.badSignature);
  const now = new Date();
  if (Date.parse(request.created_at) > now.getTime() + CLOCK_SKEW_MS) throw badRequest(offlineMessages.madeInFuture);
  const end = offlineRequestEnd(request.created_at);
  if (end <= now) throw conflict(offlineMessages.ended(end.toISOString()));
  // The license must be one the caller may take a seat of; anyone else is told it does not exist.
  await licenseFor(viewer, request.license_id, { adminSees: false });
  const waiting = await machineRequest(viewer.userId, request.license_id, request.machine.fingerprint);
  if (waiting?.state === 'pending' && Date.parse(waiting.expires_at) > now.getTime()) {
    throw conflict(waiting.nonce === request.nonce ? offlineMessages.broughtBefore : offlineMessages.waiting(request.license_id, waiting.submitted_at));
  }
  try {
    return { request: row(await keepOfflineRequest(viewer.userId, request, now)) };
  } catch (error) {
    if (error instanceof OfflineRequestTaken) throw conflict(offlineMessages.broughtBefore);
    throw error;
  }
};

/** A caller's request that is still waiting, or the clear refusal. */
async function waitingRequest(userId: number, id: string, now: Date): Promise<OfflineRequestRecord> {
  const request = await offlineRequestById(userId, id);
  if (!request) throw notFound(offlineMessages.unknownRequest);
  if (request.state === 'answered') throw conflict(offlineMessages.answered);
  if (Date.parse(request.expires_at) <= now.getTime()) throw conflict(offlineMessages.ended(request.expires_at));
  return request;
}

/**
 * Gives the request's machine the seat with an offline lease, as a reservation would (the same refusals,
 * machine budget and organisation rules), in one transaction with the request's answer, so a request is
 * answered once. The lease file is the signed reservation, of kind `offline`, naming its lease and the
 * request's nonce.
 */
export const answerOfflineRequest: Handlers['answer_offline_request'] = async ({ request_id }, { viewer }) => {
  const now = new Date();
  const request = await waitingRequest(viewer.userId, request_id, now);
  const machine = machineOf(request);
  const access = await licenseFor(viewer, request.license_id, { adminSees: false });
  const { license, me } = access;
  const organisation = await organisationSeatOf(license, me.id, access.member);
  const refused = refusal(license, me.id, machine, { takeover: false, renew: false }, now, organisation);
  if (refused) await refuse(license, refused, now, { userId: me.id, machine });
  const overBudget = await machineBudget(license, machine, now);
  if (overBudget) throw conflict(overBudget);
  const leaseEndsAt = leaseEnd(now, license.valid_to ?? null, OFFLINE_LEASE_DAYS).toISOString();
  const reservation = await signedReservation(license, { id: me.id, username: viewer.caller.username }, machine, now, {
    kind: 'offline',
    not_after: leaseEndsAt,
    lease_id: request.id,
    nonce: request.nonce,
  });
  const lease = JSON.stringify(reservation);
  const reclaimFrom = license.reserved_to === me.id ? undefined : organisation?.reclaimFrom;
  try {
    await reserveSeat(license, me.id, machine, {
      takeover: false,
      ...(reclaimFrom === undefined ? {} : { reclaimFrom }),
      checks: [answeredRequest(request, lease, leaseEndsAt, now), ...(license.organisation_id === undefined ? [] : [stillMember(license.organisation_id, me.id)])],
      takeoversPerDay: TAKEOVERS_PER_DAY,
      machineWindowDays: MACHINE_WINDOW_DAYS,
      offline: { lease_id: request.id, machine_key: request.machine_key, lease_end: leaseEndsAt },
      now,
    });
  } catch (error) {
    if (!(error instanceof LicenseChangedError)) throw error;
    // Answered meanwhile (another tab), or the seat was taken: say which.
    const again = await offlineRequestById(viewer.userId, request_id);
    if (again?.state === 'answered') throw conflict(offlineMessages.answered);
    const current = await findLicense(request.license_id);
    const refusedNow = current && refusal(current, me.id, machine, { takeover: false, renew: false }, now, await organisationSeatOf(current, me.id));
    if (refusedNow) await refuse(current, refusedNow, now, { userId: me.id, machine });
    throw conflict(licenseMessages.changedMeanwhile);
  }
  await Promise.all([
    recordUse({ userId: me.id, version: machine.client_version, os: machine.os, licenseType: license.license_type_id }, now),
    recordSeatsHeld(license.license_type_id, now),
  ]);
  return { request: row({ ...request, state: 'answered', answered_at: now.toISOString(), lease_end: leaseEndsAt, lease }) };
};

export const withdrawOfflineRequestHandler: Handlers['withdraw_offline_request'] = async ({ request_id }, { viewer }) => {
  const request = await waitingRequest(viewer.userId, request_id, new Date());
  if (!(await withdrawOfflineRequest(request))) throw conflict(offlineMessages.answered);
  return { request_id };
};

/** Whether the caller may free this license's seat by a return code: its owner, the user the lease was given to, or its organisation's seat managers. */
async function mayReturn(license: LicenseRecord, userId: number): Promise<boolean> {
  if (license.user_id === userId || license.reserved_to === userId) return true;
  return license.organisation_id !== undefined && managesSeatsOf(license.organisation_id, userId);
}

/**
 * Frees the seat of the offline lease a return code names: the code must be signed by the key of the
 * machine holding that lease, and that lease must still hold the seat (a code is used once: afterwards the
 * seat is free or held by another lease). A return code for a license the caller has nothing to do with is
 * told the license does not exist.
 */
export const returnOfflineSeat: Handlers['return_offline_seat'] = async ({ code }, { viewer }) => {
  if (code.trim().startsWith(`${OFFLINE_REQUEST_PREFIX}.`)) throw badRequest(offlineTextMessages.requestNotReturn);
  const parsed = parseSignedText(code, OFFLINE_RETURN_PREFIX, offlineReturnSchema);
  if (!parsed) throw badRequest(offlineTextMessages.notReturn);
  const returned = parsed.value;
  // A write to the license meanwhile that leaves the lease in place (an admin's edit) only costs another attempt.
  for (let attempt = 1; ; attempt += 1) {
    const license = await findLicense(returned.license_id);
    if (!license || !(await mayReturn(license, viewer.userId))) throw notFound(licenseMessages.notFound(returned.license_id));
    const lease = license.offline_lease;
    if (!lease || lease.lease_id !== returned.lease_id || license.fingerprint !== returned.fingerprint) throw conflict(offlineMessages.returnSpent);
    if (!signedByMachine(parsed.signed, parsed.signature, lease.machine_key)) throw badRequest(offlineMessages.returnForged);
    try {
      await freeSeat(license, returned.fingerprint, viewer.userId, 'return', new Date(), { offlineLease: lease.lease_id });
      return { license_id: license.id, available: true };
    } catch (error) {
      if (!(error instanceof LicenseChangedError)) throw error;
      if (attempt === RETURN_ATTEMPTS) throw conflict(licenseMessages.changedMeanwhile);
    }
  }
};

/** Attempts at a return while other writes keep changing the license (each reads it anew). */
const RETURN_ATTEMPTS = 3;

export const offlineSeatHandlers = {
  get_offline_requests: getOfflineRequests,
  submit_offline_request: submitOfflineRequest,
  answer_offline_request: answerOfflineRequest,
  withdraw_offline_request: withdrawOfflineRequestHandler,
  return_offline_seat: returnOfflineSeat,
} satisfies Handlers;
