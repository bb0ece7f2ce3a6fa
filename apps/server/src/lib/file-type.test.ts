import { describe, expect, it } from 'vitest';
import { SAMPLE_PDF, SAMPLE_PDF_TEXT, SAMPLE_PNG } from '../../test/sample-files.ts';
import { sniffFileType } from './file-type.ts';

const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(16)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom'), Buffer.alloc(16)]);
const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

describe('sniffFileType', () => {
  it.each([
    ['a PDF', SAMPLE_PDF, 'pdf'],
    ['a PDF after a few junk bytes', Buffer.concat([Buffer.from('\r\n\r\n'), SAMPLE_PDF]), 'pdf'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'jpeg'],
    ['a PNG', SAMPLE_PNG, 'png'],
    ['an HEIC photo', heic, 'heic'],
  ])('recognises %s', async (_name, content, type) => {
    expect(await sniffFileType(content)).toBe(type);
  });

  it.each([
    ['a Windows program', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ['a ZIP (or an Office file)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['an MP4 video', mp4],
    ['plain text', Buffer.from('Rachunek za hotel')],
    ['an empty file', Buffer.alloc(0)],
    ['a PNG signature without an image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ["an HTML page with '%PDF-' in its first kilobyte", Buffer.from(`<!-- %PDF-1.7 -->${html}`)],
    ["an HTML page that starts with a PDF's header", Buffer.from(`%PDF-1.7\n${html}`)],
    ['a PDF cut before its objects', Buffer.from('%PDF-1.4\n%%EOF')],
    ['a PDF without pages', Buffer.from(SAMPLE_PDF_TEXT.replace('/Kids [3 0 R] /Count 1', '/Kids [] /Count 0'))],
  ])('refuses %s', async (_name, content) => {
    expect(await sniffFileType(content)).toBeNull();
  });

  it('reads a PDF without replacing the JSON.stringify of the thread that answers requests', async () => {
    expect(await sniffFileType(SAMPLE_PDF)).toBe('pdf');
    // pdf.js's polyfills are plain functions, which carry a `prototype`; V8's own JSON.stringify does not.
    expect(Object.hasOwn(JSON.stringify, 'prototype')).toBe(false);
  });
});
