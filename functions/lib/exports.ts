import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { stringify } from 'csv-stringify/sync';
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

/**
 * A CSV file of a header and rows. A cell that starts like a formula (=, +, -, @) gets a leading quote,
 * so a spreadsheet shows an email or a product name a user or the import chose instead of running it.
 */
export const toCsv = (columns: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  stringify([columns, ...rows], { escape_formulas: true });

/** Stores a CSV file of these rows among the exports, served at /umdata/{filename}; answers as the export cmds do. */
export async function writeCsvExport(columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<{ filename: string; time_alive: number }> {
  const csv = toCsv(columns, rows);
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
