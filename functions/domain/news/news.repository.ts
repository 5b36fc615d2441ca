import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { followableOrNone, type LatestEntry, type News, type NewsPage } from '../../../shared/news/news';
import { changedValues, writeChanges } from '../../lib/records/write-changes';
import { nextId } from '../../lib/db/counters';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { conflict } from '../../lib/errors';
import { LatestEntity, NEWS_PARTITION, NewsEntity, type LatestRecord, type NewsRecord } from './news.entity';
import { latestKind, newsKind } from './news.kind';

/**
 * The Latest entries and the news versions: the only code that builds their keys or calls DynamoDB for
 * them. Every admin edit writes its audit entry in its own transaction (decision 037) and is conditioned
 * on the revision it read, so the entry's "before" is what the edit replaced; an edit that meets another
 * is read and written again on top of it (both land, as with licenses).
 */

const WRITE_ATTEMPTS = 5;
const changedMeanwhile = 'Changed by someone else meanwhile: reload and try again';

/** A version as stored (the audit's "before"). */
const storedNews = (record: NewsRecord): News => ({
  id: record.id,
  title: record.title,
  version: record.version ?? null,
  pages: record.pages.map((page) => ({ media_url: page.media_url, title: page.title, text: page.text, link: page.link ?? null })),
});

/**
 * A version as readers get it: a stored address is answered only if it is followable under today's
 * rule (https, or a path of the portal); one saved under an older rule (`http:`, `/\\host`) is answered
 * as none, so neither the desktop app nor a page is led off the portal by it.
 */
const toNews = (record: NewsRecord): News => {
  const news = storedNews(record);
  return { ...news, pages: news.pages.map((page) => ({ ...page, media_url: followableOrNone(page.media_url), link: followableOrNone(page.link) || null })) };
};

/** The stored shape of a page: no link (null or empty) is left out. */
const storedPage = (page: NewsPage) => ({ media_url: page.media_url, title: page.title, text: page.text, ...(page.link ? { link: page.link } : {}) });

/** The start screen's entries, in their order; none before the first save. */
export async function readLatest(): Promise<LatestEntry[]> {
  const { Item } = await LatestEntity.build(GetItemCommand).key({ name: 'latest' }).options({ consistent: true }).send();
  return (Item?.entries ?? []).map((entry) => ({ ...entry, link: followableOrNone(entry.link) }));
}

/** Replaces the start screen's entries (the caller checked their number) with its audit entry (an admin's, always). */
export async function saveLatest(entries: LatestEntry[], now = new Date()): Promise<LatestEntry[]> {
  for (let attempt = 1; ; attempt++) {
    const { Item } = await LatestEntity.build(GetItemCommand).key({ name: 'latest' }).options({ consistent: true }).send();
    const { before, after } = changedValues(Item ? { latest: Item.entries } : null, { latest: entries });
    try {
      const change = latestKind.change({
        before: Item ?? null,
        after: { name: 'latest', entries, revision: (Item?.revision ?? 0) + 1 } as LatestRecord,
        condition: Item ? { attr: 'revision', eq: Item.revision } : { attr: 'revision', exists: false },
        audit: { values: { before, after } },
      });
      await writeChanges([change], { now });
      return entries;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (attempt === WRITE_ATTEMPTS) throw conflict(changedMeanwhile);
    }
  }
}

/** Every news version, newest (highest id) first. */
export async function allNews(): Promise<News[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(NewsEntity)
    .query({ partition: NEWS_PARTITION })
    .options({ reverse: true, maxPages: Infinity })
    .send();
  return (Items ?? []).map(toNews);
}

/** A news version, or null. */
export async function findNews(id: number): Promise<News | null> {
  const { Item } = await NewsEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ? toNews(Item) : null;
}

export interface NewsChange {
  title: string;
  version?: string | null;
  pages: NewsPage[];
}

/**
 * Adds a news version (`id` null: the next number) or replaces version `id` whole, with its audit entry;
 * null when there is no version `id`.
 */
export async function saveNews(id: number | null, change: NewsChange, now = new Date()): Promise<News | null> {
  const newId = id ?? (await nextId('news'));
  for (let attempt = 1; ; attempt++) {
    const { Item } = id === null ? { Item: undefined } : await NewsEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
    if (id !== null && !Item) return null;
    const next: News = { id: newId, title: change.title, version: change.version || null, pages: change.pages.map((page) => ({ ...page, link: page.link || null })) };
    const { before, after } = changedValues(Item ? storedNews(Item) : null, { title: next.title, version: next.version, pages: next.pages });
    try {
      const stored = {
        id: newId,
        title: next.title,
        ...(next.version === null ? {} : { version: next.version }),
        pages: next.pages.map(storedPage),
        revision: (Item?.revision ?? 0) + 1,
      } as NewsRecord;
      const write = newsKind.change({
        before: Item ?? null,
        after: stored,
        condition: Item ? { attr: 'revision', eq: Item.revision } : { attr: 'revision', exists: false },
        audit: { values: { before, after } },
      });
      await writeChanges([write], { now });
      return next;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (attempt === WRITE_ATTEMPTS) throw conflict(changedMeanwhile);
    }
  }
}
