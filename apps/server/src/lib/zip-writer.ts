import { formatLocalDateTimeMillis } from '@delego/domain';

/**
 * A minimal ZIP archive writer (PKWARE APPNOTE 6.3): entries are stored without compression
 * (attachments are PDFs and images, already compressed), names are UTF-8 (general-purpose flag
 * bit 11), times are Warsaw wall time. No ZIP64, so an archive stays under 4 GiB and 65 535 entries.
 */

export interface ZipEntry {
  name: string;
  content: Buffer;
  modifiedAt: Date;
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;
/** 2.0: the version a reader needs for stored entries with folders. */
const VERSION = 20;
const UTF8_NAMES_FLAG = 0x0800;
const STORED = 0;
const MAX_ENTRIES = 0xffff;
const MAX_SIZE = 0xffffffff;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) as ZIP uses it. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time of a moment, in Warsaw wall time (two-second resolution, years 1980–2107). */
function dosDateTime(moment: Date): { date: number; time: number } {
  const text = formatLocalDateTimeMillis(moment.getTime());
  const year = Math.min(2107, Math.max(1980, Number(text.slice(0, 4))));
  const date = ((year - 1980) << 9) | (Number(text.slice(5, 7)) << 5) | Number(text.slice(8, 10));
  const time = (Number(text.slice(11, 13)) << 11) | (Number(text.slice(14, 16)) << 5);
  return { date, time };
}

/** Entry names made unique ("a.pdf", "a (2).pdf"), without folders or characters that escape one. */
function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    // eslint-disable-next-line no-control-regex -- control characters are stripped on purpose
    const clean = raw.replace(/[\\/\u0000-\u001f]/g, '_').replace(/^\.+/, '_').trim() || 'plik';
    const dot = clean.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let candidate = clean;
    for (let copy = 2; used.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The archive of the entries, in their order. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > MAX_ENTRIES) throw new Error('too many entries for a ZIP without ZIP64');
  const names = uniqueNames(entries.map((entry) => entry.name));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  entries.forEach((entry, index) => {
    const name = Buffer.from(names[index]!, 'utf8');
    const size = entry.content.length;
    const crc = crc32(entry.content);
    const { date, time } = dosDateTime(entry.modifiedAt);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER_SIGNATURE, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES_FLAG, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER_SIGNATURE, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES_FLAG, 8);
    central.writeUInt16LE(STORED, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number, internal and external attributes stay 0.
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, entry.content);
    centrals.push(central, name);
    offset += local.length + name.length + size;
    if (offset > MAX_SIZE) throw new Error('archive too large for a ZIP without ZIP64');
  });
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY_SIGNATURE, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}
