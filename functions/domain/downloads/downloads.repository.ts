import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { mapInBatches } from '../../lib/batches';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { timeOrderedKey } from '../../lib/db/time-key';
import { EulaAcceptanceEntity, eulaPartition } from './eula-acceptance.entity';
import { downloadsPartition, UserDownloadEntity } from './user-download.entity';

export type UserDownloadRecord = FormattedItem<typeof UserDownloadEntity>;
export type EulaAcceptanceRecord = FormattedItem<typeof EulaAcceptanceEntity>;

/** Records a download of the desktop software by a user. */
export async function recordDownload(
  userId: number,
  download: { client_version: string; os: string; arch: string; eula_version?: string },
  now = new Date(),
): Promise<UserDownloadRecord> {
  const record: UserDownloadRecord = { user_id: userId, at: timeOrderedKey(now), ...download };
  await UserDownloadEntity.build(PutItemCommand).item(record).send();
  return record;
}

/**
 * How many of a user's downloads the admin's user detail shows: a user who downloads in a loop cannot
 * make the detail too large to answer.
 */
export const USER_DETAIL_DOWNLOADS = 100;

/** A user's newest downloads, newest first. */
export async function userDownloads(userId: number, limit = USER_DETAIL_DOWNLOADS): Promise<UserDownloadRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserDownloadEntity)
    .query({ partition: downloadsPartition(userId) })
    .options({ reverse: true, limit })
    .send();
  return Items ?? [];
}

/**
 * Records that a user accepted a release version's EULA, in a EULA version (undefined: none named); a
 * second acceptance of the same keeps the first one's time.
 */
export async function acceptEula(userId: number, version: string, eulaVersion: string | undefined, now = new Date()): Promise<EulaAcceptanceRecord> {
  const record: EulaAcceptanceRecord = { user_id: userId, version, ...(eulaVersion === undefined ? {} : { eula_version: eulaVersion }), accepted: now.toISOString() };
  try {
    await EulaAcceptanceEntity.build(PutItemCommand).item(record).options({ condition: { attr: 'accepted', exists: false } }).send();
    return record;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await EulaAcceptanceEntity.build(GetItemCommand).key(record).options({ consistent: true }).send();
    return Item ?? record;
  }
}

/** The release (and EULA) versions whose EULA a user accepted. */
export async function eulaAcceptances(userId: number): Promise<EulaAcceptanceRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(EulaAcceptanceEntity)
    .query({ partition: eulaPartition(userId) })
    .options({ maxPages: Infinity })
    .send();
  return Items ?? [];
}

/**
 * Account deletion: a user's downloads and EULA acceptances go with the account. The job runs again
 * after an interruption, so what an earlier run deleted is simply not found.
 */
export async function forgetDownloadsOf(userId: number): Promise<void> {
  const [downloads, acceptances] = await Promise.all([
    portalTable.build(QueryCommand).entities(UserDownloadEntity).query({ partition: downloadsPartition(userId) }).options({ maxPages: Infinity }).send(),
    eulaAcceptances(userId),
  ]);
  const deletes = [
    ...(downloads.Items ?? []).map((item) => () => UserDownloadEntity.build(DeleteItemCommand).key(item).send()),
    ...acceptances.map((item) => () => EulaAcceptanceEntity.build(DeleteItemCommand).key(item).send()),
  ];
  // A few at a time: a user with thousands of downloads does not flood the table.
  await mapInBatches(deletes, 25, (run) => run());
}
