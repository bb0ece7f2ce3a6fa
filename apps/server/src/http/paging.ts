/** Offset and limit of a 1-based page. */
export function pageWindow(query: { page: number; page_size: number }): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}

/** A LIKE pattern matching the text anywhere, with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How many matches past the page's start a list counts before it says 'more than N': a
 * caller who can see 100 000 documents pays for a page and a hundred rows per way of seeing
 * them, about what one who sees a hundred pays, not for counting them all (issue 13, ADR 0039).
 */
export const COUNT_BOUND = 100;

/** The row limit of a bounded count for the page: one more than it reports exactly. */
export function countLimit(window: { offset: number }): number {
  return window.offset + COUNT_BOUND + 1;
}

/** The page's total from a count made with `countLimit`: exact below the limit, a lower bound at it. */
export function boundedTotal(counted: number, window: { offset: number }): { total: number; total_is_exact: boolean } {
  const limit = countLimit(window);
  return counted < limit ? { total: counted, total_is_exact: true } : { total: limit - 1, total_is_exact: false };
}
