import type { DatabaseChanges, NotificationInterruptions } from '../src/db/client.ts';

/** Change notifications a test sends by hand, as the database would at a commit. */
export function fakeDatabaseChanges(listening: Promise<void> = Promise.resolve(), options: { immediate?: boolean } = {}) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const interrupted = new Set<NotificationInterruptions>();
  let heard = true;
  const changes: DatabaseChanges = {
    immediate: options.immediate ?? true,
    async listen(channel, onChange, interruptions) {
      await listening;
      const set = listeners.get(channel) ?? new Set();
      set.add(onChange);
      listeners.set(channel, set);
      if (interruptions) interrupted.add(interruptions);
      return async () => void set.delete(onChange);
    },
    caughtUp: () => (heard ? Promise.resolve() : Promise.reject(new Error('The change notifications are not heard'))),
  };
  const notify = (channel: string, payload: string) => {
    if (heard) listeners.get(channel)?.forEach((onChange) => onChange(payload));
  };
  /** The listening connection is gone: what is notified now goes unheard. */
  const lose = () => {
    heard = false;
    interrupted.forEach((interruptions) => interruptions.lost());
  };
  /** It listens again. */
  const resume = () => {
    heard = true;
    interrupted.forEach((interruptions) => interruptions.resumed());
  };
  return { changes, notify, lose, resume, listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0) };
}
