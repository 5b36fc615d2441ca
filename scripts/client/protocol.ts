import { createPublicKey, verify } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { API_CLIENT, API_VERSION } from '../../shared/api';
import { decodeBase64urlJson } from '../../shared/base64url';
import type { LicenseRow } from '../../shared/contract/lic';
import type { Product } from '../../shared/contract/product';
import {
  encodeMachine,
  reservationSchema,
  signedReservationSchema,
  type Machine,
  type Reservation,
  type SignedReservation,
} from '../../shared/licenses/seat';
import { webConfigSchema } from '../../shared/web-config';
import { reaching } from './reaching';
import type { TrustedKey } from './trusted-keys';

/**
 * The desktop seat protocol, spoken exactly as the desktop app speaks it: sign in with the user's
 * account (Cognito, with the authenticator step when the account has one), then POST /api/lic/5 with
 * the access token: `get_licenses` with the machine as `payload`, `reserve_license` (when the user picks a
 * license; with `renew: true` and the same machine to renew the lease while online, refused once the seat
 * was returned or taken over), `return_license`; a saved reservation is checked offline with the keys the
 * app carries (trusted-keys.ts). `get_license_signing_key` is for information only.
 */

export interface Session {
  portal: string;
  accessToken: string;
}

/** How long the CLI waits for the portal's answer. */
const TIMEOUT_MS = 15_000;

/** The portal's public settings (/config.json): where its Cognito user pool is. */
async function portalConfig(portal: string) {
  const response = await reaching(`the portal at ${portal}`, () => fetch(new URL('/config.json', portal), { signal: AbortSignal.timeout(TIMEOUT_MS) }));
  if (!response.ok) throw new Error(`${portal} answered ${response.status} for /config.json: is --portal the portal's address?`);
  const config = webConfigSchema.safeParse(await response.json().catch(() => null));
  if (!config.success) throw new Error(`${portal}/config.json is not a portal's settings: is --portal the portal's address?`);
  return config.data;
}

export async function signIn(portal: string, username: string, password: string, totpSecret?: string): Promise<Session> {
  const config = await portalConfig(portal);
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint } : {}),
    // The public-client calls are unsigned; the SDK still wants credentials to exist.
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
  const ClientId = config.userPoolClientId;
  const signInService = `the sign-in service at ${config.cognitoEndpoint ?? `Cognito (${config.region})`}`;
  let answer = await reaching(signInService, () =>
    cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: username, PASSWORD: password } })),
  );
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error('This account signs in with an authenticator: give its secret (--totp)');
    answer = await reaching(signInService, () => cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: answer.Session,
        ChallengeResponses: { USERNAME: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? username, SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret: totpSecret }) },
      }),
    ));
  }
  const accessToken = answer.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`Sign-in needs a step this client does not take (${answer.ChallengeName ?? 'none'})`);
  return { portal, accessToken };
}

/** A refusal of the portal, with its message and HTTP status. */
export class PortalError extends Error {
  override readonly name = 'PortalError';
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

async function lic<T>(session: Pick<Session, 'portal'> & Partial<Session>, cmd: string, params: Record<string, unknown> = {}): Promise<T> {
  return call<T>('lic/5', session, cmd, params);
}

async function call<T>(endpoint: string, session: Pick<Session, 'portal'> & Partial<Session>, cmd: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await reaching(`the portal at ${session.portal}`, () =>
    fetch(new URL(`/api/${endpoint}`, session.portal), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}) },
      body: JSON.stringify({ cmd, version: API_VERSION, client: API_CLIENT, ...params }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  const body = (await response.json().catch(() => null)) as { status: string; data?: T; message?: string } | null;
  // Something answered that is not the portal's API (a web server's error page, another service).
  if (body === null) throw new PortalError(`${session.portal} answered HTTP ${response.status} without a portal answer: is --portal the portal's address?`, response.status);
  if (body.status !== 'ok') throw new PortalError(body.message ?? `HTTP ${response.status}`, response.status);
  return body.data as T;
}

export type DesktopLicense = LicenseRow & { available: boolean };

export const listLicenses = async (session: Session, machine: Machine): Promise<DesktopLicense[]> =>
  (await lic<{ licenses: DesktopLicense[] }>(session, 'get_licenses', { payload: encodeMachine(machine) })).licenses;

export interface ReserveAnswer {
  license_id: number;
  takeover: boolean;
  reservation: SignedReservation;
}

/**
 * Takes the license's seat for this machine. On a floating license (a row with `seats`) the lease is short
 * (the app renews it at half its length), or with `borrowDays` the seat is taken along for that many days.
 */
export const reserveLicense = (session: Session, licenseId: number, machine: Machine, takeover = false, borrowDays?: number): Promise<ReserveAnswer> =>
  lic<ReserveAnswer>(session, 'reserve_license', {
    license_id: licenseId,
    payload: encodeMachine(machine),
    ...(takeover ? { takeover } : {}),
    ...(borrowDays === undefined ? {} : { borrow_days: borrowDays }),
  });

/**
 * Renews the lease of the seat this machine holds (the app, at start and about daily while online). Unlike
 * reserving, it never takes a free seat: after a return from the portal or a takeover it is refused
 * (PortalError, 409), and the app stops using the license there until its user reserves it again.
 */
export const renewLicense = (session: Session, licenseId: number, machine: Machine): Promise<ReserveAnswer> =>
  lic<ReserveAnswer>(session, 'reserve_license', { license_id: licenseId, payload: encodeMachine(machine), renew: true });

export const returnLicense = (session: Session, licenseId: number, fingerprint: string) =>
  lic<{ license_id: number; available: boolean }>(session, 'return_license', { license_id: licenseId, fingerprint });

/**
 * Registers the connected unit `uid` (what the unit reports) for the signed-in user: the portal refuses a
 * unit production does not know, or one another user holds; the user's own unit answers as it is.
 */
export const registerProduct = (session: Session, uid: string) => call<Product>('product', session, 'register_product', { uid });

/** The key the portal says it signs with now: information only, never a key to check reservations with. */
export const signingKey = (portal: string) =>
  lic<{ key_id: string; algorithm: 'Ed25519'; public_key: string }>({ portal }, 'get_license_signing_key');

/** A saved reservation this client does not accept, with why. */
export class ReservationRefused extends Error {
  override readonly name = 'ReservationRefused';
}

/** The key id a token claims, read before anything in it is trusted (only to pick the key). */
function claimedKeyId(token: string): string {
  try {
    const { key_id } = decodeBase64urlJson(token) as { key_id?: unknown };
    if (typeof key_id === 'string') return key_id;
  } catch {
    // Not a token at all: told below.
  }
  throw new ReservationRefused('The reservation is not one this client understands: reserve again');
}

/**
 * Checks a saved reservation offline, as the desktop app does: signed by one of the keys it trusts (by key
 * id; never a key fetched from a portal), unchanged, its lease not ended at `now`, the license not past its
 * last day, and (when given) for this machine. Returns what it grants; throws ReservationRefused otherwise.
 */
export function verifyReservation(
  signed: unknown,
  keys: readonly TrustedKey[],
  { machine, now = new Date() }: { machine?: Pick<Machine, 'fingerprint'>; now?: Date } = {},
): Reservation {
  const parsedSigned = signedReservationSchema.safeParse(signed);
  if (!parsedSigned.success) throw new ReservationRefused('The reservation is not one this client understands: reserve again');
  const { token, signature } = parsedSigned.data;
  const keyId = claimedKeyId(token);
  const key = keys.find((candidate) => candidate.key_id === keyId);
  if (!key) throw new ReservationRefused(`The reservation is signed with key ${keyId}, which this client does not trust`);
  const valid = verify(null, Buffer.from(token, 'ascii'), createPublicKey(key.public_key), Buffer.from(signature, 'base64url'));
  if (!valid) throw new ReservationRefused('The reservation is not signed by this portal (or was changed)');
  const parsed = reservationSchema.safeParse(decodeBase64urlJson(token));
  // An answer of before leases (no not_after) is refused like any other that does not end.
  if (!parsed.success) throw new ReservationRefused('The reservation is not one this client understands: reserve again');
  const reservation = parsed.data;
  if (!(now.getTime() < Date.parse(reservation.not_after))) {
    throw new ReservationRefused(`The reservation's lease ended at ${reservation.not_after}: renew it online`);
  }
  if (reservation.valid_to !== null && now.toISOString().slice(0, 10) > reservation.valid_to) {
    throw new ReservationRefused(`The license ended on ${reservation.valid_to}`);
  }
  if (machine && reservation.fingerprint !== machine.fingerprint) throw new ReservationRefused('The reservation is for another machine');
  return reservation;
}
