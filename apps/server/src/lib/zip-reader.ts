import yauzl from 'yauzl';

export interface ZipEntryContent {
  name: string;
  content: Buffer;
}

/** Limits against archive bombs: entries read, and bytes unpacked in all. */
export interface ZipReadLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export class ZipReadError extends Error {
  constructor(readonly reason: 'malformed' | 'tooManyEntries' | 'tooLarge') {
    super(reason);
  }
}

/** Whether the bytes start like a ZIP archive (a local file header). */
export function looksLikeZip(content: Buffer): boolean {
  return content.length > 4 && content.readUInt32LE(0) === 0x04034b50;
}

/**
 * The files of a ZIP archive held in memory (folders skipped), read with yauzl: entry sizes are
 * checked against the central directory and the unpacked total is bounded, so a crafted archive
 * cannot exhaust memory.
 */
export function readZip(content: Buffer, limits: ZipReadLimits): Promise<ZipEntryContent[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      content,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (openError, zip) => {
        if (openError || !zip) return reject(new ZipReadError('malformed'));
        const files: ZipEntryContent[] = [];
        let total = 0;
        let entries = 0;
        const fail = (error: ZipReadError) => {
          zip.close();
          reject(error);
        };
        zip.on('error', () => fail(new ZipReadError('malformed')));
        zip.on('end', () => resolve(files));
        zip.on('entry', (entry: yauzl.Entry) => {
          entries += 1;
          if (entries > limits.maxEntries) return fail(new ZipReadError('tooManyEntries'));
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) return fail(new ZipReadError('tooLarge'));
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail(new ZipReadError('malformed'));
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('error', () => fail(new ZipReadError('malformed')));
            stream.on('end', () => {
              files.push({ name: entry.fileName, content: Buffer.concat(chunks) });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
