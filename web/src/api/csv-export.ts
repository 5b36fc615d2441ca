/**
 * The text of a CSV export an export cmd answered with `{filename, time_alive}`: `/umdata/` + filename
 * is a signed link (same origin) that works for time_alive seconds and is refused after. The filename
 * is used as given (it carries the link's expiry and signature), never re-encoded.
 */
export async function readCsvExport(filename: string): Promise<string> {
  const response = await fetch(`/umdata/${filename}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The CSV export answered HTTP ${response.status}`);
  return response.text();
}
