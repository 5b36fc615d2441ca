import { randomUUID } from 'node:crypto';
import { putFileInParts, signedLink } from './files/files';
import { buckets } from './files/buckets';
import { csvCell } from './csv';

/**
 * How long a CSV export is offered (seconds): the answer's `time_alive`. Its link (`/umdata/` +
 * filename) is signed to end then; the object itself is removed by the bucket's lifecycle a day later.
 */
export const EXPORT_TIME_ALIVE_SECONDS = 600;

/** Lines of CSV gathered into one string before they are handed on: few, large writes. */
const LINES_A_CHUNK = 500;

/** A header and rows as CSV text in chunks of lines, made as they are read: never the whole file at once. */
export function* csvChunks(columns: readonly string[], rows: Iterable<readonly unknown[]>): Generator<string> {
  let chunk = `${columns.map(csvCell).join(',')}\n`;
  let lines = 1;
  for (const row of rows) {
    chunk += `${row.map(csvCell).join(',')}\n`;
    if (++lines >= LINES_A_CHUNK) {
      yield chunk;
      chunk = '';
      lines = 0;
    }
  }
  if (chunk) yield chunk;
}

/**
 * Stores a CSV file of these rows among the exports under a fresh random (unguessable) name and answers
 * as the export cmds do: `filename` is what follows `/umdata/` in the signed link, e.g.
 * `3f…e1.csv?expires=1764072000&signature=…`, so a client that opens `/umdata/{filename}` gets the file
 * for `time_alive` seconds and a 403 after. The rows are read one by one as the file is written in parts
 * (putFileInParts), so a list of any length takes a part's memory, not the file's.
 */
export async function writeCsvExport(columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<{ filename: string; time_alive: number }> {
  const name = `${randomUUID()}.csv`;
  await putFileInParts('exports', name, csvChunks(columns, rows), {
    contentType: 'text/csv; charset=utf-8',
    downloadName: name,
    cacheControl: 'no-store',
  });
  const { link } = await signedLink('exports', name, EXPORT_TIME_ALIVE_SECONDS);
  return { filename: link.slice(buckets.exports.served.path.length + 1), time_alive: EXPORT_TIME_ALIVE_SECONDS };
}
