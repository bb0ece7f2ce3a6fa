import { createHash } from 'node:crypto';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Comarch ERP Optima's offline ("praca rozproszona") XML, as `shared/reference/integrations.md` §1
 * describes it: a root `ROOT` in the namespace below, sections that each start with `WERSJA`,
 * `BAZA_ZRD_ID`, `BAZA_DOC_ID`, items that start with their `ID_ZRODLA` GUID, `Tak`/`Nie` flags,
 * dot decimals and `YYYY-MM-DD` dates.
 */
export const OPTIMA_NAMESPACE = 'http://www.comarch.pl/cdn/optima/offline';
export const OPTIMA_FORMAT_VERSION = '2.00';

/** The namespace of the export's stable GUIDs (UUID v5, RFC 9562): the same document always gets the same `ID_ZRODLA`. */
const GUID_NAMESPACE = '6f1f0d2e-7b0a-5c35-9f3e-3d1f5b7c9a41';

/** A name-based UUID v5, so a repeated export carries the same source ids and Optima recognises it. */
export function stableGuid(name: string): string {
  const namespace = Buffer.from(GUID_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1')
    .update(Buffer.concat([namespace, Buffer.from(name, 'utf8')]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface OptimaHeader {
  sourceDatabaseId: string;
  targetDatabaseId: string;
}

/** One element's children in document order: `[tag, value]`, a value being text or the children of a nested element. */
export type OptimaValue = string | number | null | OptimaFields;
export type OptimaFields = [string, OptimaValue][];

/** Fields in the builder's ordered form, leaving out empty values. */
function ordered(fields: OptimaFields): Record<string, unknown>[] {
  return fields
    .filter(([, value]) => value !== null && value !== '')
    .map(([tag, value]) =>
      Array.isArray(value) ? { [tag]: ordered(value) } : { [tag]: [{ '#text': String(value) }] },
    );
}

/** A section (`KONTRAHENCI`, `REJESTRY_ZAKUPU_VAT`, …) with its header triple and items. */
export function section(
  name: string,
  itemTag: string,
  header: OptimaHeader,
  items: OptimaFields[],
): OptimaFields {
  const headerFields: OptimaFields = [
    ['WERSJA', OPTIMA_FORMAT_VERSION],
    ['BAZA_ZRD_ID', header.sourceDatabaseId],
    ['BAZA_DOC_ID', header.targetDatabaseId],
  ];
  return [[name, [...headerFields, ...items.map((item): [string, OptimaValue] => [itemTag, item])]]];
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
});

/** The whole file: UTF-8, the default namespace on `ROOT`, the sections in the given order. */
export function buildOptimaXml(sections: OptimaFields[]): string {
  const body = builder.build([
    { '?xml': [{ '#text': '' }], ':@': { '@version': '1.0', '@encoding': 'UTF-8' } },
    { ROOT: ordered(sections.flat()), ':@': { '@xmlns': OPTIMA_NAMESPACE } },
  ]) as string;
  return body;
}

export class OptimaFileError extends Error {
  constructor(
    readonly code:
      'optima.notXml' | 'optima.notOptima' | 'optima.sectionMissing' | 'optima.unsupportedVersion',
  ) {
    super(code);
  }
}

export interface OptimaDictionaries {
  categories: {
    code: string;
    generalCode: string | null;
    level: string | null;
    type: string | null;
    description: string | null;
    externalId: string | null;
    isActive: boolean;
  }[];
  contractors: {
    code: string;
    name: string;
    taxId: string | null;
    city: string | null;
    externalId: string | null;
  }[];
  employees: { code: string; name: string; surname: string; externalId: string | null }[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  processEntities: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) =>
    ['KATEGORIA', 'KONTRAHENT', 'PRACOWNIK', 'ADRES', 'KATEGORIE', 'KONTRAHENCI', 'PRACOWNICY'].includes(
      name,
    ),
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const list = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(node) : value ? [node(value)] : [];
const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return text((value as Node)['#text']);
  const result = String(value).trim();
  return result === '' ? null : result;
};

/**
 * Reads Optima's export of categories (`KATEGORIE`), contractors (`KONTRAHENCI`) and employees
 * (`PRACOWNICY`). A file that is not Optima's offline XML is refused as a whole.
 */
export function parseOptimaDictionaries(content: Buffer): OptimaDictionaries {
  const xml = content.toString('utf8').replace(/^\ufeff/, '');
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true)
    throw new OptimaFileError('optima.notXml');
  const rootTag = /<(?:([A-Za-z_][\w.-]*):)?ROOT\b([^>]*)>/.exec(xml);
  const declaration = rootTag
    ? new RegExp(`\\s${rootTag[1] ? `xmlns:${rootTag[1]}` : 'xmlns'}\\s*=\\s*["']([^"']+)["']`).exec(
        rootTag[2] ?? '',
      )
    : null;
  if (!rootTag || declaration?.[1] !== OPTIMA_NAMESPACE) throw new OptimaFileError('optima.notOptima');
  const root = node(node(parser.parse(xml)).ROOT);
  const sections = [...list(root.KATEGORIE), ...list(root.KONTRAHENCI), ...list(root.PRACOWNICY)];
  if (sections.length === 0) throw new OptimaFileError('optima.sectionMissing');
  for (const entry of sections) {
    const version = text(entry.WERSJA);
    if (version === null || !/^[12](\.\d+)?$/.test(version))
      throw new OptimaFileError('optima.unsupportedVersion');
  }
  return {
    categories: list(root.KATEGORIE)
      .flatMap((entry) => list(entry.KATEGORIA))
      .map((item) => ({
        code: text(item.KOD) ?? '',
        generalCode: text(item.KOD_OGOLNY),
        level: text(item.POZIOM),
        type: text(item.TYP),
        description: text(item.OPIS),
        externalId: text(item.ID_ZRODLA),
        isActive: (text(item.NIEAKTYWNA) ?? 'Nie').toLowerCase() !== 'tak',
      }))
      .filter((item) => item.code !== ''),
    contractors: list(root.KONTRAHENCI)
      .flatMap((entry) => list(entry.KONTRAHENT))
      .map((item) => {
        const address = list(node(item.ADRESY).ADRES)[0] ?? {};
        const name = [text(address.NAZWA1), text(address.NAZWA2), text(address.NAZWA3)]
          .filter(Boolean)
          .join(' ');
        const nip = text(address.NIP)?.replace(/[\s-]/g, '') ?? null;
        return {
          code: text(item.AKRONIM) ?? '',
          name: name || (text(item.AKRONIM) ?? ''),
          taxId: nip,
          city: text(address.MIASTO),
          externalId: text(item.ID_ZRODLA),
        };
      })
      .filter((item) => item.code !== ''),
    employees: list(root.PRACOWNICY)
      .flatMap((entry) => list(entry.PRACOWNIK))
      .map((item) => ({
        code: text(item.AKRONIM) ?? '',
        name: text(item.IMIE1) ?? '',
        surname: text(item.NAZWISKO) ?? '',
        externalId: text(item.ID_ZRODLA),
      }))
      .filter((item) => item.code !== ''),
  };
}
