import { randomUUID } from 'node:crypto';
import { putFile, signedLink } from './files/files';
import { buckets } from './files/buckets';
import { toCsv } from './csv';

/**
 * How long a CSV export is offered (seconds): the answer's `time_alive`. Its link (`/umdata/` +
 * filename) is signed to end then; the object itself is removed by the bucket's lifecycle a day later.
 */
export const EXPORT_TIME_ALIVE_SECONDS = 600;

/**
 * Stores a CSV file of these rows among the exports under a fresh random (unguessable) name and answers
 * as the export cmds do: `filename` is what follows `/umdata/` in the signed link, e.g.
 * `3f…e1.csv?expires=1764072000&signature=…`, so a client that opens `/umdata/{filename}` gets the file
 * for `time_alive` seconds and a 403 after.
 */
export async function writeCsvExport(columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<{ filename: string; time_alive: number }> {
  const name = `${randomUUID()}.csv`;
  await putFile('exports', name, toCsv(columns, rows), {
    contentType: 'text/csv; charset=utf-8',
    downloadName: name,
    cacheControl: 'no-store',
  });
  const { link } = await signedLink('exports', name, EXPORT_TIME_ALIVE_SECONDS);
  return { filename: link.slice(buckets.exports.served.path.length + 1), time_alive: EXPORT_TIME_ALIVE_SECONDS };
}
