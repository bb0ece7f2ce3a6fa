import { fileTypeFromBuffer } from 'file-type';
import { Piscina } from 'piscina';

/**
 * The type of an uploaded file from its content, never from its name or the type the browser
 * declared: a renamed executable stays refused. The magic numbers are read by `file-type`; a PDF
 * must moreover parse as one (pdf.js, the reader of Firefox), so that an HTML page carrying '%PDF-'
 * near its start is not stored as a PDF.
 */
export type SniffedFileType = 'pdf' | 'jpeg' | 'png' | 'heic';

export const FILE_TYPE_INFO: Record<SniffedFileType, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: '.pdf' },
  jpeg: { contentType: 'image/jpeg', extension: '.jpg' },
  png: { contentType: 'image/png', extension: '.png' },
  heic: { contentType: 'image/heic', extension: '.heic' },
};

/** The media types `file-type` names for the kinds accepted; HEIF images and sequences are HEIC photos' container. */
const ACCEPTED_MEDIA_TYPES: Record<string, SniffedFileType> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif': 'heic',
  'image/heif-sequence': 'heic',
};

/** PDF readers accept the header anywhere in the first kilobyte (ISO 32000-1, annex H); `file-type` looks only at the start. */
const PDF_HEADER_WINDOW = 1024;

/**
 * pdf.js parses in a worker thread of its own (`pdf-check.worker.mjs` says why), started with the first PDF and
 * let go after ten minutes without one (loading pdf.js takes about half a second). The file sits beside this module in the sources and beside the bundle in `dist/`.
 */
let pdfChecker: Piscina<Uint8Array, boolean> | undefined;

/** Whether the content is a PDF a reader opens. Parsed once, at upload; downloads send the stored bytes. */
function parsesAsPdf(content: Buffer): Promise<boolean> {
  pdfChecker ??= new Piscina({ filename: new URL('./pdf-check.worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: 1, idleTimeout: 600_000 });
  return pdfChecker.run(new Uint8Array(content));
}

export async function sniffFileType(content: Buffer): Promise<SniffedFileType | null> {
  const detected = await fileTypeFromBuffer(content);
  const type = detected ? (ACCEPTED_MEDIA_TYPES[detected.mime] ?? null) : content.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-') ? 'pdf' : null;
  if (type === 'pdf' && !(await parsesAsPdf(content))) return null;
  return type;
}
