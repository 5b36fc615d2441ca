import type { userContract } from '../../../shared/contract/user';
import { MAX_DOWNLOAD_RECORDS_PER_DAY, MAX_EULA_ACCEPTANCES_PER_DAY, downloadRecordMessages } from '../../../shared/downloads/records';
import { acceptEula as storeAcceptance, eulaAcceptances, recordDownload } from '../../domain/downloads/downloads.repository';
import { callerUserId } from '../../domain/users/caller-user';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import { timeOfKey } from '../../lib/db/time-key';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { recordUse } from '../../domain/usage/usage-figures';

type UserHandlers = EndpointHandlers<typeof userContract>;

/** Each call may write a record kept with the account (a new version, OS or EULA text): counted per customer. */
export const dailyDownloadRecords: AttemptLimit = {
  action: 'record-download',
  max: MAX_DOWNLOAD_RECORDS_PER_DAY,
  windowSeconds: 24 * 3600,
  message: downloadRecordMessages.downloadBudget,
};
export const dailyEulaAcceptances: AttemptLimit = {
  action: 'accept-eula',
  max: MAX_EULA_ACCEPTANCES_PER_DAY,
  windowSeconds: 24 * 3600,
  message: downloadRecordMessages.eulaBudget,
};

/**
 * A click on a download link. The version is not checked against versions.json: the record says what
 * the caller fetched; only the usage figures count it as `other` when no release has it.
 */
export const addUserDownload: UserHandlers['add_user_download'] = async (params, { caller }) => {
  const userId = await callerUserId(caller);
  if (!caller.isAdmin) await takeAttempt(dailyDownloadRecords, userId);
  const download = await recordDownload(userId, params);
  // A download counts its user, version and OS in the usage figures (never fails the call).
  await recordUse({ userId, version: params.client_version, os: params.os });
  return { id: download.at, created: timeOfKey(download.at) };
};

const answered = ({ version, eula_version, accepted }: { version: string; eula_version?: string; accepted: string }) => ({
  client_version: version,
  ...(eula_version === undefined ? {} : { eula_version }),
  accepted,
});

/** Like the release version, the EULA version is recorded as the page named it, not checked against versions.json. */
export const acceptEula: UserHandlers['accept_eula'] = async ({ client_version, eula_version }, { caller }) => {
  const userId = await callerUserId(caller);
  if (!caller.isAdmin) await takeAttempt(dailyEulaAcceptances, userId);
  return answered(await storeAcceptance(userId, client_version, eula_version));
};

export const getEulaAcceptances: UserHandlers['get_eula_acceptances'] = async (_params, { caller }) => {
  const acceptances = await eulaAcceptances(await callerUserId(caller));
  return { acceptances: acceptances.map(answered) };
};
