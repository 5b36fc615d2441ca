import { Button, type ButtonProps } from '@mantine/core';
import type { OfflineRequestRow } from '../../../../../shared/licenses/offline-seats.contract';
import { leaseFileName, offlineTexts } from '../offline-texts';

/** An answered request: its lease file is there to download. */
type AnsweredRequest = OfflineRequestRow & { lease: string };

export const hasLease = (request: OfflineRequestRow): request is AnsweredRequest => request.lease !== null;

/**
 * Download lease file: the lease (JSON, as the portal signed it) saved as `lease-<license>-<host>.json`.
 * The file is in the link itself (a few hundred bytes), so it downloads again as often as needed until
 * the lease ends, with nothing to clean up.
 */
export function LeaseDownload({ request, ...props }: { request: AnsweredRequest } & ButtonProps) {
  return (
    <Button
      component="a"
      href={`data:application/json;charset=utf-8,${encodeURIComponent(request.lease)}`}
      download={leaseFileName(request)}
      aria-label={offlineTexts.downloadLabel(request)}
      {...props}
    >
      {offlineTexts.download}
    </Button>
  );
}
