import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { fileMetadata, findFile, putFile } from '../files/files';
import { declaresBucket } from '../files/s3';

/**
 * The admin lists' snapshots in their private bucket: one object per list kind, every row as it stood
 * when the snapshot was read, so that a cold function loads a kind with one GetObject and the change
 * log's tail instead of every row's Query. The only code that touches this bucket, through the files module.
 *
 * Object `{kind}.json.gz`: gzip of `{"since", "reloadedAt", "rows": [[id, version, row], …]}`, with
 * `since` and `reloaded-at` also as the object's metadata (to see a snapshot's age without reading it).
 */
export interface ListSnapshot {
  /** Changes logged after this (ISO) may be missing from the rows: a reader catches up from here. */
  since: string;
  /** When its rows were read from the table (ISO): a reload marker after this means rows it lacks. */
  reloadedAt: string;
  /** Each row: its id, its version (write time) and its columns. */
  rows: [id: number, version: string, row: unknown][];
}

/** A unit that does not declare the snapshots bucket has none: it loads its lists from the table. */
const hasSnapshots = (): boolean => declaresBucket('lists');

const keyOf = (kind: string) => `${kind}.json.gz`;

/** A kind's snapshot, or null when there is none (or this function has no snapshot bucket). */
export async function readListSnapshot(kind: string): Promise<ListSnapshot | null> {
  if (!hasSnapshots()) return null;
  const packed = await findFile('lists', keyOf(kind));
  if (!packed) return null;
  return JSON.parse((await promisify(gunzip)(packed)).toString('utf8')) as ListSnapshot;
}

/** When a kind's snapshot was taken (its `since`), from its metadata without reading it; null when there is none. */
export async function listSnapshotSince(kind: string): Promise<string | null> {
  if (!hasSnapshots()) return null;
  return (await fileMetadata('lists', keyOf(kind)))?.since ?? null;
}

/**
 * Writes a kind's snapshot from rows as the table holds them (`data`: the row's JSON), without parsing
 * them: the rows' JSON goes into the snapshot as it is.
 */
export async function writeListSnapshot(
  kind: string,
  snapshot: { since: string; reloadedAt: string; rows: Iterable<{ id: number; version: string; data: string }> },
): Promise<{ rows: number; bytes: number }> {
  const parts: string[] = [];
  for (const { id, version, data } of snapshot.rows) parts.push(`[${id},${JSON.stringify(version)},${data}]`);
  const text = `{"since":${JSON.stringify(snapshot.since)},"reloadedAt":${JSON.stringify(snapshot.reloadedAt)},"rows":[${parts.join(',')}]}`;
  const body = await promisify(gzip)(text, { level: 6 });
  // Not Content-Encoding: the reader unzips it itself, whatever serves it.
  await putFile('lists', keyOf(kind), body, { contentType: 'application/gzip', metadata: { since: snapshot.since, 'reloaded-at': snapshot.reloadedAt } });
  return { rows: parts.length, bytes: body.byteLength };
}
