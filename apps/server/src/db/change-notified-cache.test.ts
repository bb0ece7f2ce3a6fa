import { describe, expect, it, vi } from 'vitest';
import { fakeDatabaseChanges } from '../../test/fake-database-changes.ts';
import { createChangeNotifiedCache } from './change-notified-cache.ts';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('change-notified cache', () => {
  it("keeps each key's value in its group and drops the whole group, and only that group, when a notification names it", async () => {
    const { changes, notify } = fakeDatabaseChanges();
    const cache = createChangeNotifiedCache<string>(changes, { channels: { employees: (employee) => employee }, maxGroups: 10, maxKeysPerGroup: 4 });
    await settled();
    let generation = 1;
    const read = vi.fn(async () => `read ${generation}`);
    expect(await cache.get('1:7', 'march', read)).toBe('read 1');
    expect(await cache.get('1:7', 'april', read)).toBe('read 1');
    expect(await cache.get('1:8', 'march', read)).toBe('read 1');
    expect(await cache.get('1:7', 'march', read)).toBe('read 1');
    expect(read).toHaveBeenCalledTimes(3);

    generation = 2;
    notify('employees', '1:7');
    expect(await cache.get('1:7', 'march', read)).toBe('read 2');
    expect(await cache.get('1:7', 'april', read)).toBe('read 2');
    expect(await cache.get('1:8', 'march', read)).toBe('read 1');
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('drops every group for a channel that names none, and keeps at most the given keys per group, the oldest going first', async () => {
    const { changes, notify } = fakeDatabaseChanges();
    const cache = createChangeNotifiedCache<string>(changes, { channels: { companies: () => null }, maxGroups: 10, maxKeysPerGroup: 2 });
    await settled();
    const read = vi.fn(async () => 'value');
    for (const key of ['a', 'b', 'c']) await cache.get('g', key, read);
    await cache.get('g', 'b', read);
    await cache.get('g', 'c', read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.get('g', 'a', read);
    expect(read).toHaveBeenCalledTimes(4);

    await cache.get('h', 'a', read);
    notify('companies', '3');
    await cache.get('g', 'a', read);
    await cache.get('h', 'a', read);
    expect(read).toHaveBeenCalledTimes(7);
  });

  it('drops what it kept and keeps nothing while notifications are not heard, and keeps again once they are', async () => {
    const { changes, notify, lose, resume } = fakeDatabaseChanges();
    const cache = createChangeNotifiedCache<string>(changes, { channels: { employees: (employee) => employee }, maxGroups: 10 });
    await cache.started;
    let generation = 1;
    const read = vi.fn(async () => `read ${generation}`);
    await cache.get('1:7', 'march', read);
    await cache.get('1:7', 'march', read);
    expect(read).toHaveBeenCalledTimes(1);

    lose();
    generation = 2;
    notify('employees', '1:7');
    expect(await cache.get('1:7', 'march', read)).toBe('read 2');
    expect(await cache.get('1:7', 'march', read)).toBe('read 2');
    expect(read).toHaveBeenCalledTimes(3);

    resume();
    expect(await cache.get('1:7', 'march', read)).toBe('read 2');
    expect(await cache.get('1:7', 'march', read)).toBe('read 2');
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('returns a `current` value from a server only once the changes committed before the call are heard, and reads it when they are not in time', async () => {
    const { changes, notify } = fakeDatabaseChanges(undefined, { immediate: false });
    const caughtUp = vi.fn(async (): Promise<void> => undefined);
    changes.caughtUp = caughtUp;
    const cache = createChangeNotifiedCache<string>(changes, { channels: { companies: (company) => company }, maxGroups: 10, current: true });
    await cache.started;
    let generation = 1;
    const read = vi.fn(async () => `read ${generation}`);
    expect(await cache.get('1', 'page', read)).toBe('read 1');
    expect(caughtUp).not.toHaveBeenCalled();
    expect(await cache.get('1', 'page', read)).toBe('read 1');
    expect([caughtUp.mock.calls.length, read.mock.calls.length]).toEqual([1, 1]);

    // The notification of a commit answered before the call arrives while catching up.
    generation = 2;
    caughtUp.mockImplementationOnce(async () => notify('companies', '1'));
    expect(await cache.get('1', 'page', read)).toBe('read 2');
    // Catching up fails (notifications not heard) or stalls past CATCH_UP_WAIT_MS: the value is read.
    generation = 3;
    caughtUp.mockImplementationOnce(() => Promise.reject(new Error('not heard')));
    expect(await cache.get('1', 'page', read)).toBe('read 3');
    generation = 4;
    let release!: () => void;
    caughtUp.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await cache.get('1', 'page', read)).toBe('read 4');
    expect([caughtUp.mock.calls.length, read.mock.calls.length]).toEqual([4, 4]);
    // While that catch-up is still under way, kept values are read without waiting for another.
    generation = 5;
    expect(await cache.get('1', 'page', read)).toBe('read 5');
    expect([caughtUp.mock.calls.length, read.mock.calls.length]).toEqual([4, 5]);
    release();
    await settled();
    expect(await cache.get('1', 'page', read)).toBe('read 5');
    expect([caughtUp.mock.calls.length, read.mock.calls.length]).toEqual([5, 5]);
  });

  it("keeps a read when another group's change arrives while it runs, and not when its own group's does", async () => {
    const { changes, notify } = fakeDatabaseChanges();
    const cache = createChangeNotifiedCache<string>(changes, { channels: { companies: (company) => company }, maxGroups: 10 });
    await cache.started;
    const readWhile = (change: () => void) =>
      vi.fn(async () => {
        change();
        return 'value';
      });
    const others = readWhile(() => notify('companies', '2'));
    await cache.get('1', 'page', others);
    await cache.get('1', 'page', others);
    expect(others).toHaveBeenCalledTimes(1);
    const own = readWhile(() => notify('companies', '3'));
    await cache.get('3', 'page', own);
    await cache.get('3', 'page', own);
    expect(own).toHaveBeenCalledTimes(2);
  });

  it('never waits to catch up with immediate changes, nor for values that need not be current', async () => {
    for (const [immediate, current] of [
      [true, true],
      [false, false],
    ]) {
      const { changes } = fakeDatabaseChanges(undefined, { immediate });
      const caughtUp = vi.fn(async (): Promise<void> => undefined);
      changes.caughtUp = caughtUp;
      const cache = createChangeNotifiedCache<string>(changes, { channels: { companies: (company) => company }, maxGroups: 10, current });
      await cache.started;
      const read = vi.fn(async () => 'value');
      await cache.get('1', 'page', read);
      await cache.get('1', 'page', read);
      expect([caughtUp.mock.calls.length, read.mock.calls.length]).toEqual([0, 1]);
    }
  });
});
