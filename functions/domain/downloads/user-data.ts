import { timeOfKey } from '../../lib/db/time-key';
import { declareUserData } from '../../lib/user-data';
import { forgetDownloadsOf, userDownloads } from './downloads.repository';
import { EulaAcceptanceEntity } from './eula-acceptance.entity';
import { UserDownloadEntity } from './user-download.entity';

/** The downloads domain: what the user downloaded, and whose EULAs they accepted. */
export const downloadsUserData = declareUserData({
  domain: 'downloads',
  parts: [
    { what: 'downloads (version, os, arch, when)', entities: [UserDownloadEntity], fate: 'delete', why: 'only the user detail reads them' },
    { what: 'EULA acceptances per version', entities: [EulaAcceptanceEntity], fate: 'delete', why: 'only the user themself needs them' },
  ],
  forget: (user) => forgetDownloadsOf(user.id),
  detail: async (userId) => ({
    userDownloads: (await userDownloads(userId)).map((download) => ({
      id: download.at,
      created: timeOfKey(download.at),
      client_version: download.client_version,
      os: download.os,
      arch: download.arch,
    })),
  }),
});
