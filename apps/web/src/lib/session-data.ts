/**
 * What keeps the signed-in account's data in memory (the query cache, `query-client.ts`) registers here, so the
 * session can empty it when it ends or switches accounts without importing TanStack Query: the session runs on the
 * login page, which does without it (issue 13).
 */
const droppers = new Set<() => void>();

export function onSessionDataDropped(drop: () => void): void {
  droppers.add(drop);
}

/** Empties every registered store of the account's data. */
export function dropSessionData(): void {
  for (const drop of droppers) drop();
}
