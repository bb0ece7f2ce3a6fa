import { buffer } from 'node:stream/consumers';
import { zipStream } from '../src/lib/zip-writer.ts';

/** A whole ZIP archive in memory, for tests that upload or read one. */
export function zipOf(entries: { name: string; content: Buffer; modifiedAt?: Date }[]): Promise<Buffer> {
  return buffer(zipStream(entries.map((entry) => ({ name: entry.name, modifiedAt: entry.modifiedAt ?? new Date(), read: async () => entry.content }))));
}
