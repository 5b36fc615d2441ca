import type { DomainDeclaration } from '../../lib/records/domain';
import { latestKind, newsKind } from './news.kind';

/** The news domain: the news and the latest versions, which name no user. */
export const newsDomain = {
  domain: 'news',
  kinds: [newsKind, latestKind],
  parts: [],
} as const satisfies DomainDeclaration;
