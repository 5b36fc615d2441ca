import type { Forget } from '../../lib/user-data';
import { timeOfKey } from '../../lib/db/time-key';
import type { DomainDeclaration } from '../../lib/records/domain';
import { forgetDownloadsOf, userDownloads } from './downloads.repository';
import { EulaAcceptanceEntity } from './eula-acceptance.entity';
import { UserDownloadEntity } from './user-download.entity';

/** The downloads domain's part of the admin user detail: the newest downloads. */
export const downloadsUserDetail = async (userId: number) => ({
  userDownloads: (await userDownloads(userId)).map((download) => ({
    id: download.at,
    created: timeOfKey(download.at),
    client_version: download.client_version,
    os: download.os,
    arch: download.arch,
    ...(download.eula_version === undefined ? {} : { eula_version: download.eula_version }),
  })),
});

/** A deleted user's downloads and EULA acceptances go. */
export const forgetDownloads: Forget = (user) => forgetDownloadsOf(user.id);

/** The downloads domain: what the user downloaded, and whose EULAs they accepted. */
export const downloadsDomain = {
  domain: 'downloads',
  parts: [
    { what: 'downloads (version, os, arch, EULA version, when)', entities: [UserDownloadEntity], fate: 'delete', why: 'only the user detail reads them' },
    { what: 'EULA acceptances per release and EULA version', entities: [EulaAcceptanceEntity], fate: 'delete', why: 'only the user themself needs them' },
  ],
  forget: forgetDownloads,
  detail: downloadsUserDetail,
} as const satisfies DomainDeclaration;
