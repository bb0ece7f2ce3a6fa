import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** Files on the local disk under `root` (by default `DATA_DIR/files`). */
export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, content) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, content, { mode: 0o600 });
      await rename(partial, file);
    },
    async putStream(key, content) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await pipeline(content, createWriteStream(partial, { mode: 0o600 }));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async getStream(key) {
      // Opened before answering, so a missing file is null rather than a stream that fails later.
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { content: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
