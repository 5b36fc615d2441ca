import type { userContract } from '../../../shared/contract/user';
import { acceptEula as storeAcceptance, eulaAcceptances, recordDownload } from '../../domain/downloads/downloads.repository';
import { timeOfKey } from '../../lib/db/time-key';
import type { EndpointHandlers } from '../../endpoint';
import { recordUse } from '../../domain/usage/usage-figures';

type UserHandlers = EndpointHandlers<typeof userContract>;

/**
 * A click on a download link. The version is not checked against versions.json: the record says what
 * the caller fetched; only the usage figures count it as `other` when no release has it.
 */
export const addUserDownload: UserHandlers['add_user_download'] = async (params, { viewer: { userId } }) => {
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
export const acceptEula: UserHandlers['accept_eula'] = async ({ client_version, eula_version }, { viewer }) =>
  answered(await storeAcceptance(viewer.userId, client_version, eula_version));

export const getEulaAcceptances: UserHandlers['get_eula_acceptances'] = async (_params, { viewer }) => {
  const acceptances = await eulaAcceptances(viewer.userId);
  return { acceptances: acceptances.map(answered) };
};
