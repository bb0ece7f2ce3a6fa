import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { dec, sumDecimals, type InvoiceVatLine, type VatRate } from '@delego/domain';

/** The namespaces of the structured invoice: FA(3) (from 1 February 2026) and FA(2) before it. */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
export const FA2_NAMESPACE = 'http://crd.gov.pl/wzor/2023/06/29/12648/';

/** What the import keeps of one FA(3) invoice. */
export interface KsefInvoice {
  ksefNumber: string | null;
  number: string;
  invoiceKind: string;
  issueDate: string;
  saleDate: string | null;
  issuePlace: string | null;
  currency: string;
  seller: { taxId: string | null; name: string; country: string; address: string | null };
  buyer: { taxId: string | null; name: string | null };
  otherParties: string[];
  vatLines: InvoiceVatLine[];
  netTotal: string;
  vatTotal: string;
  grossTotal: string;
  lineNames: string[];
  dueDate: string | null;
}

export class KsefParseError extends Error {
  constructor(
    readonly code: 'ksef.notXml' | 'ksef.notFa3' | 'ksef.missingField',
    readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** FA(3) `P_13_x`/`P_14_x` buckets and the rate each stands for (0 % at home, in the EU and for export are all 0). */
const BUCKETS: [string, VatRate][] = [
  ['1', '23'],
  ['2', '8'],
  ['3', '5'],
  ['6_1', '0'],
  ['6_2', '0'],
  ['6_3', '0'],
  ['7', 'zw'],
  ['8', 'np'],
  ['9', 'np'],
  ['10', 'np'],
  ['11', 'np'],
];

/** A KSeF number as KSeF names the files it gives out: `NIP-YYYYMMDD-XXXXXXXXXXXX-XX`. */
const KSEF_NUMBER = /(\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2})/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Only the five XML entities; no DOCTYPE is accepted at all (below), so no external entity is ever read.
  processEntities: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['Podmiot3', 'FaWiersz', 'TerminPlatnosci'].includes(name),
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return text((value as Node)['#text']);
  const result = String(value).trim();
  return result === '' ? null : result;
};
const decode = (value: string | null) =>
  value
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&') ?? null;

function amount(value: unknown, field: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  if (!/^-?\d{1,16}(\.\d{1,8})?$/.test(raw)) throw new KsefParseError('ksef.missingField', { field });
  return dec(raw).toFixed(2);
}

/** The namespace the root element `Faktura` is in (the parser drops namespace declarations). */
function rootNamespace(xml: string): string | null {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Faktura\b([^>]*)>/.exec(xml);
  if (!root) return null;
  const attribute = root[1] ? `xmlns:${root[1]}` : 'xmlns';
  return new RegExp(`\\s${attribute}\\s*=\\s*["']([^"']+)["']`).exec(root[2] ?? '')?.[1] ?? null;
}

const isStructuredInvoiceNamespace = (namespace: string | null) =>
  namespace === FA3_NAMESPACE || namespace === FA2_NAMESPACE;

/** Reads one FA(3) (or FA(2)) XML; a file that is not a structured invoice is refused with the reason. */
export function parseFa3(content: Buffer, fileName: string): KsefInvoice {
  const xml = content.toString('utf8').replace(/^\ufeff/, '');
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) throw new KsefParseError('ksef.notXml');
  const document = node(parser.parse(xml));
  const root = node(document.Faktura);
  if (!document.Faktura || !isStructuredInvoiceNamespace(rootNamespace(xml)))
    throw new KsefParseError('ksef.notFa3');
  const fa = node(root.Fa);
  const seller = node(root.Podmiot1);
  const buyer = node(root.Podmiot2);
  const required = (value: string | null, field: string): string => {
    if (value === null) throw new KsefParseError('ksef.missingField', { field });
    return value;
  };
  const address = (party: Node) =>
    [text(node(party.Adres).AdresL1), text(node(party.Adres).AdresL2)].filter(Boolean).join(', ') || null;

  const vatLines: InvoiceVatLine[] = [];
  for (const [suffix, rate] of BUCKETS) {
    const net = amount(fa[`P_13_${suffix}`], `P_13_${suffix}`);
    if (net === null) continue;
    const vat = amount(fa[`P_14_${suffix}`], `P_14_${suffix}`) ?? '0.00';
    const existing = vatLines.find((line) => line.rate === rate);
    if (existing) {
      existing.net = dec(existing.net).plus(net).toFixed(2);
      existing.vat = dec(existing.vat).plus(vat).toFixed(2);
      existing.gross = dec(existing.net).plus(existing.vat).toFixed(2);
    } else {
      vatLines.push({ rate, net, vat, gross: dec(net).plus(vat).toFixed(2) });
    }
  }
  const gross = required(amount(fa.P_15, 'P_15'), 'P_15');
  const netTotal = sumDecimals(vatLines.map((line) => line.net));
  const vatTotal = sumDecimals(vatLines.map((line) => line.vat));
  const terms = (node(fa.Platnosc).TerminPlatnosci as unknown[] | undefined) ?? [];
  return {
    ksefNumber: KSEF_NUMBER.exec(fileName)?.[1]?.toUpperCase() ?? null,
    number: decode(required(text(fa.P_2), 'P_2'))!,
    invoiceKind: text(fa.RodzajFaktury) ?? 'VAT',
    issueDate: required(text(fa.P_1), 'P_1').slice(0, 10),
    saleDate: text(fa.P_6)?.slice(0, 10) ?? null,
    issuePlace: decode(text(fa.P_1M)),
    currency: text(fa.KodWaluty) ?? 'PLN',
    seller: {
      taxId: text(node(seller.DaneIdentyfikacyjne).NIP),
      name: decode(required(text(node(seller.DaneIdentyfikacyjne).Nazwa), 'Podmiot1.Nazwa'))!,
      country: text(node(seller.Adres).KodKraju) ?? 'PL',
      address: decode(address(seller)),
    },
    buyer: {
      taxId: text(node(buyer.DaneIdentyfikacyjne).NIP),
      name: decode(text(node(buyer.DaneIdentyfikacyjne).Nazwa)),
    },
    otherParties: ((root.Podmiot3 as unknown[] | undefined) ?? [])
      .map((party) => decode(text(node(node(party).DaneIdentyfikacyjne).Nazwa)))
      .filter((name): name is string => name !== null),
    vatLines,
    // Without buckets (e.g. a simplified invoice) the gross is all that is known.
    netTotal: vatLines.length > 0 ? netTotal.toFixed(2) : gross,
    vatTotal: vatTotal.toFixed(2),
    grossTotal: gross,
    lineNames: ((fa.FaWiersz as unknown[] | undefined) ?? [])
      .map((line) => decode(text(node(line).P_7)))
      .filter((name): name is string => name !== null),
    dueDate: text(node(terms[0]).Termin)?.slice(0, 10) ?? null,
  };
}
