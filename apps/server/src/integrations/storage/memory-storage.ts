import { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** Files kept in memory: for tests and benches. */
export function createMemoryStorage(): FileStorage & { readonly size: number } {
  const files = new Map<string, Buffer>();
  return {
    get size() {
      return files.size;
    },
    async put(key, content) {
      assertStorageKey(key);
      files.set(key, Buffer.from(content));
    },
    async putStream(key, content) {
      assertStorageKey(key);
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
      files.set(key, Buffer.concat(chunks));
    },
    async get(key) {
      assertStorageKey(key);
      const content = files.get(key);
      return content ? Buffer.from(content) : null;
    },
    async getStream(key) {
      assertStorageKey(key);
      const content = files.get(key);
      return content ? { content: Readable.from([Buffer.from(content)]), size: content.length } : null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
