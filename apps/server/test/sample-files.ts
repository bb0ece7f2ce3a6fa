/**
 * Small files of each accepted kind that pass the upload's content checks: a PDF that parses (a
 * catalogue, a page tree and one A4 page) and a 1×1 PNG with its header and image data.
 */
export const SAMPLE_PDF_TEXT =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export const SAMPLE_PDF = Buffer.from(SAMPLE_PDF_TEXT);

export const SAMPLE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
