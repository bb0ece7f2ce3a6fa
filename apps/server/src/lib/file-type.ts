/**
 * The type of an uploaded file from its first bytes (its "magic number"), never from its name or the
 * type the browser declared: a renamed executable stays refused.
 */
export type SniffedFileType = 'pdf' | 'jpeg' | 'png' | 'heic';

export const FILE_TYPE_INFO: Record<SniffedFileType, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: '.pdf' },
  jpeg: { contentType: 'image/jpeg', extension: '.jpg' },
  png: { contentType: 'image/png', extension: '.png' },
  heic: { contentType: 'image/heic', extension: '.heic' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** ISO-BMFF brands of HEIC and HEIF images (ISO/IEC 23008-12). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
/** PDF readers accept the header anywhere in the first kilobyte (ISO 32000-1, annex H). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(content: Buffer, bytes: readonly number[], at = 0): boolean {
  return content.length >= at + bytes.length && bytes.every((byte, index) => content[at + index] === byte);
}

export function sniffFileType(content: Buffer): SniffedFileType | null {
  if (content.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return 'pdf';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(content, PNG_SIGNATURE)) return 'png';
  if (content.length >= 12 && content.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = content.readUInt32BE(0);
    const brands = [content.toString('latin1', 8, 12)];
    // Compatible brands follow the major brand and the minor version, to the end of the box.
    for (let at = 16; at + 4 <= Math.min(boxSize, content.length, 64); at += 4) brands.push(content.toString('latin1', at, at + 4));
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
  }
  return null;
}
