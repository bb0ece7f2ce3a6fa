import type { DatabaseChanges } from '../src/db/client.ts';

/** Change notifications a test sends by hand, as the database would at a commit. */
export function fakeDatabaseChanges(listening: Promise<void> = Promise.resolve()) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const lostListeners = new Set<() => void>();
  const changes: DatabaseChanges = {
    immediate: true,
    async listen(channel, onChange, onLost) {
      await listening;
      const set = listeners.get(channel) ?? new Set();
      set.add(onChange);
      listeners.set(channel, set);
      if (onLost) lostListeners.add(onLost);
      return async () => void set.delete(onChange);
    },
  };
  const notify = (channel: string, payload: string) => listeners.get(channel)?.forEach((onChange) => onChange(payload));
  /** The listening connection is gone: nothing will be heard any more. */
  const lose = () => {
    listeners.clear();
    lostListeners.forEach((onLost) => onLost());
  };
  return { changes, notify, lose, listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0) };
}
