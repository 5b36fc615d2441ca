import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * The desktop app's start screen (one item holding its entries) and its release news (one item per news
 * version, its pages inside: a version is read and written whole, and its pages stay far below 400 KB).
 *
 * | access pattern                   | key                                   | operation          |
 * |----------------------------------|---------------------------------------|--------------------|
 * | the Latest entries               | pk `latest`, sk `latest`              | GetItem            |
 * | replace the Latest entries       | pk `latest`, sk `latest`              | Put (in a transaction with its audit entry), if at the revision read |
 * | every news version, newest first | pk `news`, sk `news#{id:10}`          | Query, reversed    |
 * | a news version                   | pk `news`, sk `news#{id:10}`          | GetItem            |
 * | add / replace a news version     | pk `news`, sk `news#{id:10}`          | Put (with its audit entry), if new / at the revision read |
 */
export const LatestEntity = new Entity({
  name: 'latest',
  table: portalTable,
  schema: item({
    /** The one item's name. */
    name: string().key().const('latest'),
    entries: list(map({ title: string(), text: string(), link: string(), important: boolean() })),
    /** Counts the writes; each write is conditioned on the count it read. */
    revision: number(),
  }),
  computeKey: () => ({ pk: 'latest', sk: 'latest' }),
  timestamps,
});

/** The one partition of every news version. */
export const NEWS_PARTITION = 'news';
export const newsSortKey = (id: number) => `news#${String(id).padStart(10, '0')}`;

export const NewsEntity = new Entity({
  name: 'news',
  table: portalTable,
  schema: item({
    id: number().key(),
    title: string(),
    /** The release version it announces; absent: none. */
    version: string().optional(),
    pages: list(map({ media_url: string(), title: string(), text: string(), link: string().optional() })),
    /** Counts the writes; each write is conditioned on the count it read. */
    revision: number(),
  }),
  computeKey: ({ id }) => ({ pk: NEWS_PARTITION, sk: newsSortKey(id) }),
  timestamps,
});

export type NewsRecord = FormattedItem<typeof NewsEntity>;
export type LatestRecord = FormattedItem<typeof LatestEntity>;
