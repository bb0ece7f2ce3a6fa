import type { DatabaseChanges } from '../src/db/client.ts';

/** Change notifications a test sends by hand, as the database would at a commit. */
export function fakeDatabaseChanges(listening: Promise<void> = Promise.resolve()) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const changes: DatabaseChanges = {
    async listen(channel, onChange) {
      await listening;
      const set = listeners.get(channel) ?? new Set();
      set.add(onChange);
      listeners.set(channel, set);
      return async () => void set.delete(onChange);
    },
  };
  const notify = (channel: string, payload: string) => listeners.get(channel)?.forEach((onChange) => onChange(payload));
  return { changes, notify, listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0) };
}
