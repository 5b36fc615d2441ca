import type { CmdInput } from '../../../../../shared/contract/define';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

export type UserDownloadInput = CmdInput<typeof userContract, 'add_user_download'>;

/**
 * Records a click on a download link: `user/add_user_download`. A failure is ignored: the
 * download itself goes on, and nobody is told.
 */
export function recordDownload(input: UserDownloadInput): void {
  call(userContract, 'add_user_download', input).catch(() => undefined);
}
