import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { zipOf } from '../../test/zip.ts';
import { zipStream } from './zip-writer.ts';

/** Reads a stored-only archive back through its central directory. */
function readZip(archive: Buffer): { name: string; content: Buffer; crc: number; flags: number; date: number; time: number }[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let position = archive.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(position)).toBe(0x02014b50);
    const flags = archive.readUInt16LE(position + 8);
    const time = archive.readUInt16LE(position + 12);
    const date = archive.readUInt16LE(position + 14);
    const crc = archive.readUInt32LE(position + 16);
    const size = archive.readUInt32LE(position + 20);
    const nameLength = archive.readUInt16LE(position + 28);
    const localOffset = archive.readUInt32LE(position + 42);
    const name = archive.subarray(position + 46, position + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(localOffset)).toBe(0x04034b50);
    const localNameLength = archive.readUInt16LE(localOffset + 26);
    const dataStart = localOffset + 30 + localNameLength;
    entries.push({ name, content: archive.subarray(dataStart, dataStart + size), crc, flags, date, time });
    position += 46 + nameLength;
  }
  return entries;
}

describe('zipStream', () => {
  const modifiedAt = new Date('2026-03-10T13:45:30Z');

  it('stores every entry with its CRC, UTF-8 name and Warsaw time', async () => {
    const archive = await zipOf([
      { name: 'rachunek – hotel żółty.pdf', content: Buffer.from('%PDF-1.7 treść'), modifiedAt },
      { name: 'bilet.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), modifiedAt },
    ]);
    const entries = readZip(archive);
    expect(entries.map((entry) => entry.name)).toEqual(['rachunek – hotel żółty.pdf', 'bilet.png']);
    expect(entries[0]!.content.toString()).toBe('%PDF-1.7 treść');
    for (const entry of entries) {
      expect(entry.crc).toBe(zlib.crc32(entry.content));
      expect(entry.flags & 0x0800).toBe(0x0800);
    }
    // 14:45 in Warsaw (CET) on 2026-03-10.
    expect(entries[0]!.time >> 11).toBe(14);
    expect((entries[0]!.time >> 5) & 0x3f).toBe(45);
    expect(entries[0]!.date).toBe(((2026 - 1980) << 9) | (3 << 5) | 10);
  });

  it('keeps names unique and inside the archive', async () => {
    const entries = readZip(
      await zipOf([
        { name: 'a.pdf', content: Buffer.from('1'), modifiedAt },
        { name: 'A.pdf', content: Buffer.from('2'), modifiedAt },
        { name: '../../etc/passwd', content: Buffer.from('3'), modifiedAt },
      ]),
    );
    expect(entries.map((entry) => entry.name)).toEqual(['a.pdf', 'A (2).pdf', '__.._etc_passwd']);
  });

  it('writes an empty archive', async () => {
    expect((await zipOf([])).length).toBe(22);
  });

  it('reads each entry only when the archive reaches it, and ends the stream with a failed read', async () => {
    const reads: string[] = [];
    const entry = (name: string) => ({ name, modifiedAt, read: async () => (reads.push(name), Buffer.from(name)) });
    const stream = zipStream([entry('a.pdf'), entry('b.pdf')]);
    // The first file is read at once, the next only after it went out.
    expect(reads).not.toContain('b.pdf');
    expect(readZip(await buffer(stream)).map((file) => file.content.toString())).toEqual(['a.pdf', 'b.pdf']);
    expect(reads).toEqual(['a.pdf', 'b.pdf']);
    const broken = zipStream([{ name: 'gone.pdf', modifiedAt, read: async () => Promise.reject(new Error('content gone')) }]);
    await expect(buffer(broken)).rejects.toThrow('content gone');
  });

  it('is read by an independent unzip implementation', async () => {
    let python: string;
    try {
      python = execFileSync('which', ['python3']).toString().trim();
    } catch {
      return;
    }
    const folder = mkdtempSync(path.join(os.tmpdir(), 'delego-zip-'));
    try {
      const file = path.join(folder, 'test.zip');
      writeFileSync(file, await zipOf([{ name: 'zażółć.txt', content: Buffer.from('gęślą jaźń'), modifiedAt }]));
      const script = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(z.read(z.namelist()[0]).decode())';
      expect(execFileSync(python, ['-c', script, file]).toString().trim()).toBe('gęślą jaźń');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
