import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.ts';

const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(16)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom'), Buffer.alloc(16)]);

describe('sniffFileType', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'pdf'],
    ['a PDF after a few junk bytes', Buffer.concat([Buffer.from('\r\n\r\n'), Buffer.from('%PDF-1.4')]), 'pdf'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'jpeg'],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['an HEIC photo', heic, 'heic'],
  ])('recognises %s', (_name, content, type) => {
    expect(sniffFileType(content)).toBe(type);
  });

  it.each([
    ['a Windows program', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ['a ZIP (or an Office file)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['an MP4 video', mp4],
    ['plain text', Buffer.from('Rachunek za hotel')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', (_name, content) => {
    expect(sniffFileType(content)).toBeNull();
  });
});
