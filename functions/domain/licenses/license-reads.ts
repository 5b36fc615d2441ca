import { getTableName } from '../../lib/config';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { boundedMemo } from '../../lib/bounded-memo';
import { eachItemIn } from '../../lib/db/each-item-in';
import { licenseViewsPartition } from './license-view.entity';
import { organisationLicenseViewsPartition } from './organisation-views.entity';
import { portalTable } from '../../lib/db/table';
import { LicenseShareEntity } from './license-share.entity';
import { LicenseEntity, licensePartition, licensesOfPartition, type LicenseRecord } from './license.entity';

/**
 * The licenses repository's reads of one license and whom it is shared with, in a module of their own so
 * a function that only reads a license (a case naming one) does not bundle the repository's writes with
 * their lists, counters and audit. licenses.repository.ts exports them too.
 */

export async function findLicense(id: number): Promise<LicenseRecord | null> {
  const { Item } = await LicenseEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The users a license is shared with. */
export async function sharedUserIds(licenseId: number): Promise<number[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(LicenseShareEntity)
    .query({ partition: licensePartition(licenseId), range: { beginsWith: 'share#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  return (Items ?? []).map((share) => share.user_id).sort((a, b) => a - b);
}

/**
 * Whom a license read as `license` is shared with: the list it carries (the write is conditioned on that
 * reading), or, for one stored before it carried it, its share items.
 */
export const sharedUsersOf = async (license: LicenseRecord): Promise<number[]> => license.shared_users ?? sharedUserIds(license.id);

/** Every license a user owns, by id. */
export async function ownLicenses(userId: number): Promise<LicenseRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(LicenseEntity)
    .query({ index: 'gsi1', partition: licensesOfPartition(userId) })
    .options({ maxPages: Infinity })
    .send();
  return Items ?? [];
}

/** A user's license list as the hot path reads it: what they own, and what is shared with them. */
export interface LicenseList {
  own: LicenseRecord[];
  shared: { license: LicenseRecord; ownerUsername: string | undefined }[];
  /** The organisations the user is a member of: their licenses are read from each one's views. */
  organisations: number[];
}

/**
 * The desktop app's list on every start (and /licenses): the user's copies of their own and shared
 * licenses, and the marks of the organisations they belong to, one plain Query of their partition.
 */
export async function licenseListOf(userId: number): Promise<LicenseList> {
  const list: LicenseList = { own: [], shared: [], organisations: [] };
  // Only what the list reads (the partition holds nothing but copies and marks), as stored.
  await eachItemIn(licenseViewsPartition(userId), (item) => {
    if (item.license === undefined) {
      list.organisations.push(item.organisation_id as number);
      return;
    }
    const license = JSON.parse(item.license as string) as LicenseRecord;
    if (license.user_id === userId) list.own.push(license);
    else list.shared.push({ license, ownerUsername: item.owner_username as string | undefined });
  }, { projection: 'license, owner_username, organisation_id' });
  return list;
}

/** An organisation's licenses, as its copies hold them (organisation-views.entity.ts). */
export async function organisationLicenses(organisationId: number): Promise<LicenseRecord[]> {
  const licenses: LicenseRecord[] = [];
  await eachItemIn(organisationLicenseViewsPartition(organisationId), (item) => licenses.push(JSON.parse(item.license as string) as LicenseRecord), { projection: 'license' });
  return licenses;
}

/**
 * How long a warm instance's desktop lists reuse an organisation's licenses as read. The app lists on
 * every start, a whole team at nine o'clock: each member's list would otherwise cost a second read, half
 * its throughput. A list a few seconds old only shows a seat as free that was just taken; the
 * reservation's own transaction decides (and this instance's writes forget it at once).
 */
export const ORGANISATION_LIST_REUSE_MS = 5_000;
const recentOrganisationLicenses = boundedMemo<string, { at: number; licenses: Promise<LicenseRecord[]> }>(1_000);
/** An organisation in the table this call reads (one process may serve several tables: the local stack's tenants). */
const organisationIn = (organisationId: number) => `${getTableName()}#${organisationId}`;

/** An organisation's licenses for a desktop list: as read within ORGANISATION_LIST_REUSE_MS on this instance, or read now. */
export function recentOrganisationLicensesOf(organisationId: number, now = Date.now()): Promise<LicenseRecord[]> {
  const key = organisationIn(organisationId);
  const recent = recentOrganisationLicenses.get(key);
  if (recent && now - recent.at < ORGANISATION_LIST_REUSE_MS) return recent.licenses;
  const licenses = organisationLicenses(organisationId);
  recentOrganisationLicenses.set(key, { at: now, licenses });
  // A failed read is not reused.
  licenses.catch(() => recentOrganisationLicenses.delete(key));
  return licenses;
}

/** This instance wrote one of the organisation's licenses: its next desktop list reads them again. */
export const organisationLicensesChanged = (organisationId: number) => recentOrganisationLicenses.delete(organisationIn(organisationId));
