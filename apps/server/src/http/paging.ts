/** Offset and limit of a 1-based page. */
export function pageWindow(query: { page: number; page_size: number }): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}

/** A LIKE pattern matching the text anywhere, with the wildcard characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
