import { queryOptions, useQuery } from '@tanstack/react-query';
import { infoContract } from '../../../../../shared/contract/info';
import { call } from '../../../api/client';

/**
 * The news versions the desktop app shows (`info/get_all_news`), for the Download page's release. The
 * news are an addition to the page: one that cannot be read is left out, with no error shown.
 */
export const releaseNewsQueryOptions = () =>
  queryOptions({
    // A key of its own: the admin's News screen reads the same cmd and must see its failures.
    queryKey: ['download', 'release-news'] as const,
    queryFn: () => call(infoContract, 'get_all_news', {}).catch(() => ({ news: [] })),
  });

/** The news versions written for release `version`, newest first. */
export function useReleaseNews(version: string) {
  const all = useQuery(releaseNewsQueryOptions());
  return (all.data?.news ?? []).filter((news) => news.version === version);
}
