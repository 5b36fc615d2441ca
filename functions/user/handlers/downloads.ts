import type { userContract } from '../../../shared/contract/user';
import { acceptEula as storeAcceptance, eulaAcceptances, recordDownload } from '../../domain/downloads/downloads.repository';
import { callerUserId } from '../../domain/users/caller-user';
import { timeOfKey } from '../../lib/db/time-key';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { recordUse } from '../../domain/usage/usage-figures';

type UserHandlers = EndpointHandlers<typeof userContract>;

/**
 * A click on a download link. The version is not checked against versions.json: the record says what
 * the caller fetched, and the user Lambda needs no read of the data bucket for it.
 */
export const addUserDownload: UserHandlers['add_user_download'] = async (params, { caller }) => {
  const userId = await callerUserId(caller);
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
export const acceptEula: UserHandlers['accept_eula'] = async ({ client_version, eula_version }, { caller }) =>
  answered(await storeAcceptance(await callerUserId(caller), client_version, eula_version));

export const getEulaAcceptances: UserHandlers['get_eula_acceptances'] = async (_params, { caller }) => {
  const acceptances = await eulaAcceptances(await callerUserId(caller));
  return { acceptances: acceptances.map(answered) };
};
