import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { LatestEntity, NEWS_PARTITION, NewsEntity, newsSortKey, type LatestRecord, type NewsRecord } from './news.entity';

/** A news version as a record kind: audited (no user's trail: it concerns every user). */
export const newsKind = declareRecordKind<typeof NewsEntity, NewsRecord, { partition: typeof NEWS_PARTITION; sortKey: typeof newsSortKey }>({
  name: 'news',
  entity: NewsEntity,
  key: ({ id }) => ({ id }),
  keys: { partition: NEWS_PARTITION, sortKey: newsSortKey },
  audit: { trail: auditTrail, target: ({ id }) => `news#${id}`, users: () => [] },
});

/** The start screen's entries (one record) as a record kind: audited like a news version. */
export const latestKind = declareRecordKind<typeof LatestEntity, LatestRecord, object>({
  name: 'latest',
  entity: LatestEntity,
  key: () => ({ name: 'latest' }),
  keys: {},
  audit: { trail: auditTrail, target: () => 'latest', users: () => [] },
});
