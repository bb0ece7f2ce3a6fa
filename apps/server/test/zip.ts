import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';
import { zipStream } from '../src/lib/zip-writer.ts';

/** A whole ZIP archive in memory, for tests that upload or read one. */
export function zipOf(entries: { name: string; content: Buffer; modifiedAt?: Date }[]): Promise<Buffer> {
  return buffer(zipStream(entries.map((entry) => ({ name: entry.name, modifiedAt: entry.modifiedAt ?? new Date(), read: async () => entry.content }))));
}

/**
 * A hostile archive no honest writer makes: yazl packs each entry (deflated when `compress`) under
 * a harmless name of the same length, which is then rewritten in the local and central headers.
 * ZIP keeps no checksum of names, so readers see the archive as whole.
 */
export async function hostileZip(entries: { name: string; content: Buffer; compress?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const placeholders = entries.map((entry, index) => `${String(index).padStart(entry.name.length, 'x')}`);
  entries.forEach((entry, index) => zip.addBuffer(entry.content, placeholders[index]!, { compress: entry.compress ?? false }));
  zip.end();
  let archive = await buffer(zip.outputStream);
  entries.forEach((entry, index) => {
    const from = Buffer.from(placeholders[index]!);
    const to = Buffer.from(entry.name);
    for (let at = archive.indexOf(from); at !== -1; at = archive.indexOf(from, at + to.length)) {
      archive = Buffer.concat([archive.subarray(0, at), to, archive.subarray(at + to.length)]);
    }
  });
  return archive;
}
