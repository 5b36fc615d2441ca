import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../../../shared/runtime';
import { awsClientConfig } from '../aws-client-config';
import { getConfig } from '../config';

/**
 * The admin lists' snapshots in their private bucket: one object per list kind, every row as it stood
 * when the snapshot was read, so that a cold function loads a kind with one GetObject and the change
 * log's tail instead of every row's Query. The only code that touches this bucket.
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

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

/** The S3 SDK and client, loaded on first use: most calls of an admin function never read a snapshot. */
function s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    // A snapshot is tens of MB at scale: more time for its answer than the default request timeout.
    client: new sdk.S3Client({ ...awsClientConfig, requestHandler: { ...awsClientConfig.requestHandler, requestTimeout: 30_000 }, forcePathStyle: true }),
  }));
  return loaded;
}

/** The bucket, or undefined for a function that has no snapshots (it loads lists from the table). */
const bucket = (): string | undefined => getConfig().listSnapshotsBucket;

const keyOf = (kind: string) => `${kind}.json.gz`;

/** A kind's snapshot, or null when there is none (or this function has no snapshot bucket). */
export async function readListSnapshot(kind: string): Promise<ListSnapshot | null> {
  const name = bucket();
  if (!name) return null;
  const { sdk, client } = await s3();
  try {
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: name, Key: keyOf(kind) }));
    if (!object.Body) return null;
    const text = (await promisify(gunzip)(await object.Body.transformToByteArray())).toString('utf8');
    return JSON.parse(text) as ListSnapshot;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** When a kind's snapshot was taken (its `since`), from its metadata without reading it; null when there is none. */
export async function listSnapshotSince(kind: string): Promise<string | null> {
  const name = bucket();
  if (!name) return null;
  const { sdk, client } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: name, Key: keyOf(kind) }));
    return head.Metadata?.since ?? null;
  } catch (error) {
    const { name: errorName, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (errorName === 'NotFound' || errorName === 'NoSuchKey' || $metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/**
 * Writes a kind's snapshot from rows as the table holds them (`data`: the row's JSON), without parsing
 * them: the rows' JSON goes into the snapshot as it is.
 */
export async function writeListSnapshot(
  kind: string,
  snapshot: { since: string; reloadedAt: string; rows: Iterable<{ id: number; version: string; data: string }> },
): Promise<{ rows: number; bytes: number }> {
  const name = bucket();
  if (!name) throw new Error(`Function environment lacks ${ENV.listSnapshotsBucket}: the unit writes no list snapshots`);
  const parts: string[] = [];
  for (const { id, version, data } of snapshot.rows) parts.push(`[${id},${JSON.stringify(version)},${data}]`);
  const text = `{"since":${JSON.stringify(snapshot.since)},"reloadedAt":${JSON.stringify(snapshot.reloadedAt)},"rows":[${parts.join(',')}]}`;
  const body = await promisify(gzip)(text, { level: 6 });
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: name,
      Key: keyOf(kind),
      Body: body,
      // Not Content-Encoding: the reader unzips it itself, whatever serves it.
      ContentType: 'application/gzip',
      Metadata: { since: snapshot.since, 'reloaded-at': snapshot.reloadedAt },
    }),
  );
  return { rows: parts.length, bytes: body.byteLength };
}
