// The PDF check of `file-type.ts`, run in a worker thread. pdf.js's legacy build (the one that runs on Node 20)
// installs core-js polyfills on the globals of the thread that loads it, among them a `JSON.stringify` several
// times slower than V8's own and a `Uint8Array.fromBase64` that jose then uses: loaded here, they never reach the
// thread that answers requests. Plain JavaScript, so the same file runs from the sources (tests) and from `dist/`.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Whether the content is a PDF a reader opens: its cross-reference data, catalogue and page tree
 * load and it has a first page.
 * @param {Uint8Array} data
 * @returns {Promise<boolean>}
 */
export default async function parsesAsPdf(data) {
  const task = getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}
