import { Readable } from 'node:stream';
import { formatLocalDateTimeMillis } from '@delego/domain';
import { ZipFile } from 'yazl';

/**
 * ZIP archives streamed by `yazl`: entries are stored without compression (attachments are PDFs
 * and images, already compressed), names are UTF-8 (general-purpose flag bit 11), times are Warsaw
 * wall time. Each entry's content is read only when the archive reaches it, so an archive never
 * holds more than one file in memory.
 */
export interface ZipEntry {
  name: string;
  modifiedAt: Date;
  read: () => Promise<Buffer>;
}

/**
 * A Date whose local fields show the moment's Warsaw wall time: `yazl` writes the MS-DOS time from
 * the process's local fields, and the server's own zone is not Warsaw.
 */
function warsawWallTime(moment: Date): Date {
  const text = formatLocalDateTimeMillis(moment.getTime());
  const field = (from: number, to: number) => Number(text.slice(from, to));
  return new Date(field(0, 4), field(5, 7) - 1, field(8, 10), field(11, 13), field(14, 16), field(17, 19));
}

/** Entry names made unique ("a.pdf", "a (2).pdf"), without folders or characters that escape one. */
function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    // eslint-disable-next-line no-control-regex -- control characters are stripped on purpose
    const clean = raw.replace(/[\\/\u0000-\u001f]/g, '_').replace(/^\.+/, '_').trim() || 'plik';
    const dot = clean.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let candidate = clean;
    for (let copy = 2; used.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The archive of the entries, in their order, as a stream. A failing read ends the stream with its error. */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  const names = uniqueNames(entries.map((entry) => entry.name));
  entries.forEach((entry, index) => {
    zip.addReadStreamLazy(names[index]!, { mtime: warsawWallTime(entry.modifiedAt), compress: false, forceDosTimestamp: true }, (callback) => {
      entry.read().then(
        (content) => callback(null, Readable.from([content])),
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  });
  // yazl reports a failed read on the archive object; the reader of the stream must see it.
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
