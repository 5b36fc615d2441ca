import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../../shared/runtime';
import { getConfig } from './config';

/**
 * How long a CSV export is offered (seconds): the answer's `time_alive`. Its name is random (not
 * guessable), and the bucket's lifecycle rule removes it after a day.
 */
export const EXPORT_TIME_ALIVE_SECONDS = 600;

let client: S3Client | undefined;
/** Created on first use: a function that writes no export never loads a client for it. */
const s3 = () => (client ??= new S3Client({ forcePathStyle: true }));

/** Stores a CSV file among the exports, served at /umdata/{filename}; answers as the export cmds do. */
export async function writeCsvExport(csv: string): Promise<{ filename: string; time_alive: number }> {
  const bucket = getConfig().exportsBucket;
  if (!bucket) throw new Error(`Function environment lacks ${ENV.exportsBucket}: the unit writes no exports`);
  const filename = `${randomUUID()}.csv`;
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: filename,
      Body: csv,
      ContentType: 'text/csv; charset=utf-8',
      ContentDisposition: `attachment; filename="${filename}"`,
      CacheControl: 'no-store',
    }),
  );
  return { filename, time_alive: EXPORT_TIME_ALIVE_SECONDS };
}
