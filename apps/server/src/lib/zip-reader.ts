import yauzl from 'yauzl';

export interface ZipEntryContent {
  name: string;
  content: Buffer;
}

/**
 * Limits against archive bombs: entries in the archive, bytes unpacked in all, and how many times
 * larger than its packed bytes one entry may unpack (checked only for entries over
 * `RATIO_CHECKED_FROM` unpacked, since a small file of repeated text packs tightly and harms nobody).
 */
export interface ZipReadLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxCompressionRatio: number;
}

const RATIO_CHECKED_FROM = 1024 * 1024;

export type ZipReadErrorReason =
  'malformed' | 'tooManyEntries' | 'tooLarge' | 'compressionRatio' | 'unsafeName';

export class ZipReadError extends Error {
  constructor(readonly reason: ZipReadErrorReason) {
    super(reason);
  }
}

/** Whether the bytes start like a ZIP archive (a local file header). */
export function looksLikeZip(content: Buffer): boolean {
  return content.length > 4 && content.readUInt32LE(0) === 0x04034b50;
}

/**
 * The files of a ZIP archive held in memory (folders skipped), read entry by entry with yauzl.
 * The entry count of the central directory is checked before anything is unpacked; each entry's
 * declared sizes are checked against the total and the ratio before it is opened, and the bytes it
 * really unpacks are counted as they stream (yauzl also refuses an entry whose data exceeds its
 * declared size). An entry name that is absolute or climbs out with '..' is
 * refused (a backslash is read as a folder separator first, as yauzl does), although nothing is
 * ever written to disk under it.
 */
export function readZip(content: Buffer, limits: ZipReadLimits): Promise<ZipEntryContent[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      content,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: false },
      (openError, zip) => {
        if (openError || !zip) return reject(new ZipReadError('malformed'));
        let settled = false;
        const fail = (error: ZipReadError) => {
          if (settled) return;
          settled = true;
          zip.close();
          reject(error);
        };
        if (zip.entryCount > limits.maxEntries) return fail(new ZipReadError('tooManyEntries'));
        const files: ZipEntryContent[] = [];
        let total = 0;
        zip.on('error', () => fail(new ZipReadError('malformed')));
        zip.on('end', () => {
          if (settled) return;
          settled = true;
          resolve(files);
        });
        zip.on('entry', (entry: yauzl.Entry) => {
          // With decodeStrings off, yauzl leaves the name raw: decode it the way it would, then check it.
          const name = yauzl.getFileNameLowLevel(
            entry.generalPurposeBitFlag,
            entry.fileNameRaw,
            entry.extraFields,
            false,
          );
          if (yauzl.validateFileName(name) !== null) return fail(new ZipReadError('unsafeName'));
          if (name.endsWith('/')) return zip.readEntry();
          if (total + entry.uncompressedSize > limits.maxTotalBytes)
            return fail(new ZipReadError('tooLarge'));
          if (
            entry.uncompressedSize > RATIO_CHECKED_FROM &&
            entry.uncompressedSize > limits.maxCompressionRatio * entry.compressedSize
          ) {
            return fail(new ZipReadError('compressionRatio'));
          }
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail(new ZipReadError('malformed'));
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => {
              total += chunk.length;
              if (total > limits.maxTotalBytes) {
                stream.destroy();
                return fail(new ZipReadError('tooLarge'));
              }
              chunks.push(chunk);
            });
            stream.on('error', () => fail(new ZipReadError('malformed')));
            stream.on('end', () => {
              files.push({ name, content: Buffer.concat(chunks) });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
