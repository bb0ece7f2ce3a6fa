import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createMemoryStorage } from './memory-storage.ts';
import type { FileStorage } from './file-storage.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'delego-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each<[string, () => FileStorage]>([
  ['local disk', () => createLocalDiskStorage(root)],
  ['memory', () => createMemoryStorage()],
])('%s storage', (_name, create) => {
  it('stores, reads and deletes content by key', async () => {
    const storage = create();
    await storage.put('c1/delegation/abc', Buffer.from('zażółć'));
    expect((await storage.get('c1/delegation/abc'))?.toString()).toBe('zażółć');
    await storage.delete('c1/delegation/abc');
    expect(await storage.get('c1/delegation/abc')).toBeNull();
  });

  it('stores a stream chunk by chunk, and stores nothing when the stream fails', async () => {
    const storage = create();
    await storage.putStream('c1/report/a', Readable.from([Buffer.from('Razem;'), Buffer.from('12.30\n')]));
    expect((await storage.get('c1/report/a'))?.toString()).toBe('Razem;12.30\n');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('generation failed'));
      },
    });
    await expect(storage.putStream('c1/report/b', failing)).rejects.toThrow('generation failed');
    expect(await storage.get('c1/report/b')).toBeNull();
  });

  it('streams stored content with its size, and answers null for a missing key', async () => {
    const storage = create();
    const content = Buffer.from('Razem;12.30\nzażółć\n');
    await storage.put('c1/report/s', content);
    const stored = await storage.getStream('c1/report/s');
    expect(stored?.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.content) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
    expect(await storage.getStream('c1/report/none')).toBeNull();
  });

  it('refuses keys that could leave the storage folder', async () => {
    const storage = create();
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.get('/absolute')).rejects.toThrow('invalid storage key');
    await expect(storage.getStream('../etc/passwd')).rejects.toThrow('invalid storage key');
  });
});
