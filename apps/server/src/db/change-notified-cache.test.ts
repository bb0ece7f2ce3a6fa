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
});
