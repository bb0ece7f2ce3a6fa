import { describe, expect, it } from 'vitest';
import { hostileZip, zipOf } from '../../test/zip.ts';
import { looksLikeZip, readZip, type ZipReadLimits } from './zip-reader.ts';

const LIMITS: ZipReadLimits = { maxEntries: 10, maxTotalBytes: 8 * 1024 * 1024, maxCompressionRatio: 100 };

async function refusal(archive: Buffer, limits: ZipReadLimits = LIMITS): Promise<string> {
  return readZip(archive, limits).then(
    () => 'read',
    (error: { reason: string }) => error.reason,
  );
}

describe('readZip', () => {
  it('reads every file of an archive with its name and content, skipping folders', async () => {
    const archive = await zipOf([
      { name: 'faktura-1.xml', content: Buffer.from('<Faktura>1</Faktura>') },
      { name: 'Zażółć gęślą.xml', content: Buffer.from('<Faktura>2</Faktura>') },
    ]);
    expect(looksLikeZip(archive)).toBe(true);
    const files = await readZip(archive, LIMITS);
    expect(files.map((file) => [file.name, file.content.toString('utf8')])).toEqual([
      ['faktura-1.xml', '<Faktura>1</Faktura>'],
      ['Zażółć gęślą.xml', '<Faktura>2</Faktura>'],
    ]);
    const withFolder = await hostileZip([
      { name: 'marzec/', content: Buffer.alloc(0) },
      { name: 'marzec/a.xml', content: Buffer.from('<a/>'), compress: true },
    ]);
    expect((await readZip(withFolder, LIMITS)).map((file) => file.name)).toEqual(['marzec/a.xml']);
  });

  it('refuses a damaged archive and takes a file that is no archive for what it is', async () => {
    expect(looksLikeZip(Buffer.from('<?xml version="1.0"?>'))).toBe(false);
    expect(await refusal(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]))).toBe('malformed');
    const whole = await zipOf([{ name: 'a.xml', content: Buffer.from('<a/>') }]);
    expect(await refusal(whole.subarray(0, whole.length - 10))).toBe('malformed');
  });

  it('refuses an archive with more entries than the limit before unpacking any', async () => {
    const archive = await zipOf(Array.from({ length: 11 }, (_, index) => ({ name: `f${index}.xml`, content: Buffer.from('<a/>') })));
    expect(await refusal(archive)).toBe('tooManyEntries');
    expect(await refusal(archive, { ...LIMITS, maxEntries: 11 })).toBe('read');
  });

  it('refuses an archive that unpacks beyond the total limit', async () => {
    const archive = await zipOf([
      { name: 'a.xml', content: Buffer.alloc(600, 'a') },
      { name: 'b.xml', content: Buffer.alloc(600, 'b') },
    ]);
    expect(await refusal(archive, { ...LIMITS, maxTotalBytes: 1000 })).toBe('tooLarge');
    expect(await refusal(archive, { ...LIMITS, maxTotalBytes: 1200 })).toBe('read');
  });

  it('refuses a zip bomb: an entry that unpacks more than 100 times its packed size', async () => {
    const bomb = await hostileZip([{ name: 'bomb.xml', content: Buffer.alloc(4 * 1024 * 1024), compress: true }]);
    expect(bomb.length).toBeLessThan(40 * 1024);
    expect(await refusal(bomb)).toBe('compressionRatio');
    // A large entry that packs as real documents do is read.
    const text = Array.from({ length: 60_000 }, (_, index) => `<Wiersz nr="${index}" kwota="${(index * 7919) % 100_003}.${index % 97}"/>`).join('\n');
    const ordinary = await hostileZip([{ name: 'duza.xml', content: Buffer.from(text), compress: true }]);
    expect(await refusal(ordinary)).toBe('read');
  });

  it('refuses an entry whose name is absolute or leads outside the archive', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', 'a/../../b.xml', '..\\..\\win.ini', 'C:/Windows/x.xml']) {
      const archive = await hostileZip([
        { name: 'ok.xml', content: Buffer.from('<a/>') },
        { name, content: Buffer.from('<a/>') },
      ]);
      expect(await refusal(archive), name).toBe('unsafeName');
    }
  });
});
