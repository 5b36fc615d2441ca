/** How many pages a list of `count` rows has, `size` a page: floor((count-1)/size)+1; none when empty. */
export function pageCount(count: number, size: number): number {
  return count > 0 ? Math.floor((count - 1) / size) + 1 : 0;
}

/** The page dropdown offers this many pages: 10. */
export const PAGE_WINDOW = 10;

/**
 * The pages the dropdown offers: at most `span` consecutive pages around `current` (four before it
 * where there are as many), kept within 1…`pages`.
 */
export function pageWindow(current: number, pages: number, span = PAGE_WINDOW): number[] {
  if (pages < 1) return [];
  const first = Math.max(1, Math.min(current - 4, pages - span + 1));
  const last = Math.min(pages, first + span - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
