import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENT_STATUS_LABELS, sumDecimals, type CalculatedLine, type CalculatedSettlement, type DelegationFormInput, type ExchangeRateUsed, type Explanation, type SystemSettings } from '@delego/domain';

/**
 * The printed trip documents (spec §9 "Document language: Polish or bilingual", `document_view`):
 * the settlement with every amount and its basis, the order, the decision history and signatures.
 * Pure: builds pdfmake document definitions; `trip-documents.service.ts` loads the data and renders.
 */

type DocumentView = SystemSettings['document_view'];

/** Labels in Polish and English; the bilingual views print both. */
const LABELS = {
  settlementTitle: ['Rozliczenie kosztów podróży służbowej', 'Business trip expense report'],
  orderTitle: ['Polecenie wyjazdu służbowego', 'Business trip order'],
  number: ['Numer', 'Number'],
  noNumber: ['(bez numeru)', '(no number)'],
  status: ['Status', 'Status'],
  company: ['Firma', 'Company'],
  employee: ['Pracownik', 'Employee'],
  position: ['Stanowisko', 'Position'],
  tripPeriod: ['Okres podróży', 'Trip period'],
  destination: ['Miejsce docelowe', 'Destination'],
  purpose: ['Cel podróży', 'Purpose'],
  costCentre: ['MPK', 'Cost centre'],
  project: ['Projekt', 'Project'],
  baseOrder: ['Polecenie wyjazdu', 'Trip order'],
  settlementDate: ['Data rozliczenia', 'Settlement date'],
  transport: ['Przejazdy', 'Transport'],
  from: ['Skąd', 'From'],
  to: ['Dokąd', 'To'],
  start: ['Wyjazd', 'Departure'],
  end: ['Przyjazd', 'Arrival'],
  means: ['Środek transportu', 'Means of transport'],
  settledAs: ['Rozliczenie', 'Settled as'],
  distance: ['Km', 'Km'],
  amount: ['Kwota', 'Amount'],
  amountPln: ['Kwota PLN', 'Amount PLN'],
  basis: ['Podstawa', 'Basis'],
  perDiems: ['Diety i ryczałty według krajów', 'Per diems and lump sums by country'],
  country: ['Kraj', 'Country'],
  period: ['Okres', 'Period'],
  rate: ['Stawka', 'Rate'],
  perDiem: ['Dieta', 'Per diem'],
  accommodationLumpSum: ['Ryczałt za noclegi', 'Night lump sum'],
  localTransport: ['Ryczałt na dojazdy', 'Local transport lump sum'],
  transfers: ['Ryczałt na dojazd z/do dworca', 'Transfer lump sum'],
  accommodation: ['Noclegi', 'Accommodation'],
  nights: ['Noclegi', 'Nights'],
  limit: ['Limit', 'Limit'],
  otherCosts: ['Inne koszty', 'Other costs'],
  costType: ['Rodzaj', 'Type'],
  bill: ['Dokument', 'Document'],
  date: ['Data', 'Date'],
  payment: ['Płatność', 'Payment'],
  advances: ['Zaliczki', 'Advances'],
  paymentDate: ['Data wypłaty', 'Paid on'],
  counted: ['Rozliczona', 'Counted'],
  summary: ['Podsumowanie', 'Summary'],
  totalPerDiems: ['Diety, noclegi i ryczałty', 'Per diems, accommodation and lump sums'],
  totalTransport: ['Przejazdy (bilety)', 'Transport (tickets)'],
  totalMileage: ['Kilometrówka', 'Mileage'],
  totalOther: ['Inne koszty', 'Other costs'],
  total: ['Razem koszty podróży', 'Total trip costs'],
  totalAdvances: ['Zaliczki', 'Advances'],
  toPay: ['Do wypłaty pracownikowi', 'To be paid to the employee'],
  toReturn: ['Do zwrotu przez pracownika', 'To be returned by the employee'],
  byCurrency: ['Rozliczenie według walut', 'Balance by currency'],
  currency: ['Waluta', 'Currency'],
  due: ['Należność', 'Due'],
  balance: ['Saldo', 'Balance'],
  exchangeRate: ['Kurs', 'Exchange rate'],
  manualRate: ['kurs ręczny', 'manual rate'],
  decisions: ['Historia decyzji', 'Decision history'],
  noDecisions: ['Brak decyzji', 'No decisions yet'],
  decidedBy: ['Osoba', 'By'],
  action: ['Czynność', 'Action'],
  comment: ['Komentarz', 'Comment'],
  signatures: ['Podpisy', 'Signatures'],
  signatureEmployee: ['Pracownik', 'Employee'],
  signatureSubstantive: ['Akceptacja merytoryczna', 'Substantive approval'],
  signatureFinancial: ['Akceptacja finansowa', 'Financial approval'],
  signatureAcceptor: ['Akceptujący', 'Approver'],
  allowedTransport: ['Dozwolone środki transportu', 'Allowed transport'],
  estimatedCost: ['Szacowany koszt', 'Estimated cost'],
  description: ['Opis', 'Description'],
  startPlace: ['Miejsce wyjazdu', 'Departure place'],
  endPlace: ['Miejsce powrotu', 'Return place'],
  settlementDeadline: ['Termin rozliczenia', 'Settlement deadline'],
  page: ['Strona', 'Page'],
  printed: ['Wydrukowano', 'Printed'],
  none: ['brak', 'none'],
  yes: ['tak', 'yes'],
  no: ['nie', 'no'],
} as const satisfies Record<string, readonly [string, string]>;
type LabelKey = keyof typeof LABELS;

const statusLabels: Record<string, readonly [string, string]> = DOCUMENT_STATUS_LABELS;

const ACTION_LABELS: Record<string, readonly [string, string]> = {
  submit: ['Wysłanie do akceptacji', 'Submitted for approval'],
  accept: ['Akceptacja merytoryczna', 'Substantive approval'],
  settle: ['Akceptacja finansowa', 'Financial approval'],
  reject: ['Odrzucenie', 'Rejected'],
  returnForCorrection: ['Zwrot do poprawy', 'Returned for correction'],
  stepBack: ['Cofnięcie decyzji', 'Decision stepped back'],
  withdraw: ['Wycofanie', 'Withdrawn'],
  cancel: ['Anulowanie', 'Cancelled'],
  delete: ['Usunięcie', 'Deleted'],
};

const TRANSPORT_TYPE_LABELS: Record<string, readonly [string, string]> = {
  car: ['Samochód', 'Car'],
  carRental: ['Samochód wynajęty', 'Rental car'],
  flight: ['Samolot', 'Flight'],
  rail: ['Pociąg', 'Rail'],
  pks: ['PKS', 'Coach'],
  bus: ['Autobus', 'Bus'],
  publicTransport: ['Komunikacja publiczna', 'Public transport'],
  other: ['Inny', 'Other'],
};

const TRANSPORT_SETTLEMENT_LABELS: Record<string, readonly [string, string]> = {
  booking: ['Rezerwacja firmowa', 'Company booking'],
  lumpSum: ['Kilometrówka', 'Mileage'],
  ticketScan: ['Bilet', 'Ticket'],
  ticketLost: ['Bilet utracony – oświadczenie', 'Lost ticket – statement'],
  companyProvided: ['Zapewnione przez firmę', 'Provided by the company'],
  employeeStatement: ['Oświadczenie pracownika', 'Employee statement'],
  alreadySettled: ['Rozliczone wcześniej', 'Settled before'],
};

const ACCOMMODATION_SETTLEMENT_LABELS: Record<string, readonly [string, string]> = {
  importReservation: ['Rezerwacja firmowa', 'Company booking'],
  invoiceCompanyPayment: ['Faktura – płaci firma', 'Invoice paid by the company'],
  invoiceWorkerPayment: ['Rachunek – płaci pracownik', 'Bill paid by the employee'],
  lumpSum: ['Ryczałt za nocleg', 'Night lump sum'],
  employeeStatement: ['Oświadczenie pracownika', 'Employee statement'],
  alreadySettled: ['Rozliczone wcześniej', 'Settled before'],
};

const OTHER_COST_LABELS: Record<string, readonly [string, string]> = {
  representativeCosts: ['Koszty reprezentacyjne', 'Representation'],
  taxi: ['Taksówka', 'Taxi'],
  advertisingCosts: ['Koszty reklamy', 'Advertising'],
  meal: ['Posiłek', 'Meal'],
  transport: ['Transport', 'Transport'],
  carRent: ['Wynajem samochodu', 'Car rental'],
  other: ['Inne', 'Other'],
  accommodation: ['Nocleg', 'Accommodation'],
  localTransport: ['Komunikacja miejska', 'Local transport'],
  transportEntry: ['Opłata za wjazd', 'Entry fee'],
  parking: ['Parking', 'Parking'],
  fuel: ['Paliwo', 'Fuel'],
  carRentFuel: ['Paliwo do wynajętego auta', 'Rental car fuel'],
  rentedCar: ['Samochód wynajęty', 'Rented car'],
  companyCar: ['Samochód służbowy', 'Company car'],
  employeeCar: ['Samochód prywatny', 'Private car'],
};

const ADVANCE_STATUS_LABELS: Record<string, readonly [string, string]> = {
  unknown: ['Bez decyzji', 'No decision'],
  approved: ['Zatwierdzona', 'Approved'],
  rejected: ['Odrzucona', 'Rejected'],
  paid: ['Wypłacona', 'Paid'],
};

const PAYMENT_LABELS: Record<string, readonly [string, string]> = {
  cash: ['Gotówka', 'Cash'],
  ownFunds: ['Środki własne', 'Own funds'],
  companyCard: ['Karta firmowa', 'Company card'],
  transfer: ['Przelew', 'Transfer'],
  fuelCard: ['Karta paliwowa', 'Fuel card'],
  compensation: ['Kompensata', 'Compensation'],
};

/** Formats a decimal string the Polish way: `1234.5` → `1 234,50` (no binary floats involved). */
export function formatAmount(value: string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  // At least `decimals` places; extra places only when they are not zeros (a rate of 4.240000 prints 4,2400).
  const digits = fraction.padEnd(decimals, '0').replace(/0+$/, '').padEnd(decimals, '0');
  const decimalsText = digits === '' ? '' : `,${digits}`;
  return `${sign}${grouped}${decimalsText}`;
}

/**
 * What a printout shows: both languages when the company's `document_language` is `plEn` or its view
 * is one of the bilingual views (which name the language themselves); the summary views no per-doba details.
 */
function viewOf(ctx: Pick<PrintContext, 'view' | 'language'>) {
  return {
    bilingual: ctx.language === 'plEn' || ctx.view === 'standardPlEn' || ctx.view === 'summaryPlEn',
    detailed: ctx.view === 'standardPl' || ctx.view === 'standardPlEn',
  };
}

function labelOf(pair: readonly [string, string] | undefined, fallback: string, bilingual: boolean): string {
  if (!pair) return fallback;
  return bilingual && pair[0] !== pair[1] ? `${pair[0]} / ${pair[1]}` : pair[0];
}

export interface DecisionEntry {
  action: string;
  user_name: string;
  comment: string;
  created_at: Date;
  channel: string;
}

export interface PrintContext {
  view: DocumentView;
  /** Spec §9 "Document language: Polish or bilingual". */
  language: SystemSettings['document_language'];
  companyName: string;
  /** When the document is printed, for the footer (Warsaw wall time). */
  printedAt: string;
  /** Converts an instant to Warsaw wall time. */
  wall: (date: Date) => string;
}

export interface SettlementPrint {
  number: string | null;
  status: string;
  employeeName: string;
  employeePosition: string | null;
  costCentre: string | null;
  project: string | null;
  orderNumber: string | null;
  settlementDate: string | null;
  form: DelegationFormInput;
  calculated: CalculatedSettlement | null;
  decisions: DecisionEntry[];
}

export interface OrderPrint {
  number: string | null;
  status: string;
  employeeName: string;
  employeePosition: string | null;
  startDate: string;
  endDate: string;
  destinations: { place_text: string; country_code: string }[];
  purpose: string | null;
  description: string | null;
  costCentre: string | null;
  project: string | null;
  startPlace: string | null;
  endPlace: string | null;
  allowedTransport: string[];
  estimatedTotalCost: string | null;
  settlementDeadline: string | null;
  advances: { amount: string; currency: string; paymentType: string; paymentDate: string | null; status: string }[];
  decisions: DecisionEntry[];
}

const HEADER_FILL = '#eeeeee';

/** A table with a grey header row; `widths` as pdfmake takes them. */
function table(headers: string[], rows: TableCell[][], widths: (string | number)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [headers.map((text) => ({ text, style: 'tableHeader', fillColor: HEADER_FILL })), ...rows],
    },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#999999', vLineColor: () => '#999999' },
    style: 'table',
  };
}

/** A section heading; `pageBreakBefore` keeps it from ending a page alone. */
function section(title: string): Content {
  return { text: title, style: 'section', headlineLevel: 1 };
}

function keyValues(pairs: [string, string | null | undefined][]): Content {
  return {
    table: { widths: [150, '*'], body: pairs.map(([key, value]) => [{ text: key, bold: true }, { text: value || '—' }]) },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

const right = (text: string): TableCell => ({ text, alignment: 'right' });

/** Where a rate comes from: its NBP table number, or that it was entered by hand (no table). */
export function rateOrigin(rate: ExchangeRateUsed, bilingual: boolean): string {
  return rate.table_no || (rate.source === 'manual' ? labelOf(LABELS.manualRate, 'manual', bilingual) : rate.source);
}

/** "100,00 × 4,2500 (047/A/NBP/2026 2026-03-09)" for each conversion of a line. */
function conversionText(line: CalculatedLine, bilingual: boolean): string {
  return line.conversions
    .flatMap((conversion) => {
      const rate = conversion.exchange_rate;
      return rate ? [`${formatAmount(conversion.amount_in_currency)} × ${formatAmount(rate.rate, 4)} (${rateOrigin(rate, bilingual)} ${rate.date})`] : [];
    })
    .join('; ');
}

const param = (explanation: Explanation, key: string): string => {
  const value = explanation.params[key];
  return value === undefined || value === null ? '' : String(value);
};

/** The basis of an amount from its explanation: the rule's inputs and its paragraph. */
function basisOf(explanation: Explanation, details: readonly Explanation[], detailed: boolean): string {
  const parts: string[] = [];
  const paragraph = param(explanation, 'paragraph');
  if (explanation.code.startsWith('calc.mileage')) {
    parts.push(`${formatAmount(param(explanation, 'distance'), 0)} km × ${formatAmount(param(explanation, 'rate'), 4)} zł/km`);
  } else if (explanation.code.startsWith('calc.accommodation') && param(explanation, 'count')) {
    const limit = param(explanation, 'limit');
    parts.push(`${param(explanation, 'count')} × ${limit ? `limit ${formatAmount(limit)} ${param(explanation, 'currency')}` : 'noc'}`);
  } else if (param(explanation, 'count') !== '' && param(explanation, 'rate') !== '') {
    parts.push(`${param(explanation, 'count')} × ${formatAmount(param(explanation, 'rate'))} ${param(explanation, 'currency')}`);
  }
  if (detailed) {
    for (const detail of details) {
      if (detail.code === 'calc.perDiem.doba') {
        parts.push(`doba ${param(detail, 'doba')}: ${param(detail, 'hours')} h ${param(detail, 'minutes')} min, ${param(detail, 'fraction')} × ${formatAmount(param(detail, 'rate'))} ${param(detail, 'currency')} = ${formatAmount(param(detail, 'amount'), 4)} (${param(detail, 'paragraph')})`);
      } else if (detail.code.endsWith('Deducted')) {
        parts.push(`doba ${param(detail, 'doba')}: −${param(detail, 'percent')}% × ${formatAmount(param(detail, 'rate'))} = −${formatAmount(param(detail, 'amount'))} (${param(detail, 'paragraph')})`);
      } else if (param(detail, 'paragraph')) {
        parts.push(param(detail, 'paragraph'));
      }
    }
  }
  if (paragraph && !parts.some((part) => part.includes(paragraph))) parts.push(paragraph);
  return parts.join('; ');
}

function decisionsTable(decisions: DecisionEntry[], ctx: PrintContext, label: (key: LabelKey) => string, bilingual: boolean): Content {
  if (decisions.length === 0) return { text: label('noDecisions'), italics: true, margin: [0, 0, 0, 6] };
  return table(
    [label('date'), label('action'), label('decidedBy'), label('comment')],
    decisions.map((decision) => [ctx.wall(decision.created_at), labelOf(ACTION_LABELS[decision.action], decision.action, bilingual), decision.user_name, decision.comment || '']),
    [90, 140, 140, '*'],
  );
}

/** Who decided the last of these actions, and when (for the signatures block). */
function lastDecision(decisions: DecisionEntry[], actions: string[], ctx: PrintContext): string {
  const decision = [...decisions].reverse().find((entry) => actions.includes(entry.action));
  return decision ? `${decision.user_name}\n${ctx.wall(decision.created_at)}` : '';
}

/** The signatures block, kept on one page with its heading. */
function signatures(title: string, columns: { title: string; who: string }[]): Content {
  return {
    unbreakable: true,
    stack: [
      { text: title, style: 'section' },
      {
        columns: columns.map((column) => ({
      stack: [
            // Two lines (name, date) whether decided or not, so the lines under the columns align.
            { text: column.who || ' \n ', alignment: 'center', margin: [0, 0, 0, 28] },
        { canvas: [{ type: 'line', x1: 10, y1: 0, x2: 190, y2: 0, lineWidth: 0.5 }] },
            { text: column.title, alignment: 'center', fontSize: 8, margin: [0, 2, 0, 0] },
          ],
        })),
        columnGap: 12,
        margin: [0, 8, 0, 0],
      },
    ],
  };
}

function baseDocument(title: string, content: Content[], ctx: PrintContext, label: (key: LabelKey) => string, orientation: 'portrait' | 'landscape'): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: orientation,
    pageMargins: [36, 40, 36, 40],
    info: { title, creator: 'Delego', producer: 'Delego' },
    defaultStyle: { font: 'Roboto', fontSize: 8.5 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: '#444444', margin: [0, 0, 0, 8] },
      section: { fontSize: 10.5, bold: true, margin: [0, 8, 0, 4] },
      tableHeader: { bold: true, fontSize: 8 },
      table: { margin: [0, 0, 0, 6] },
      total: { bold: true },
    },
    pageBreakBefore: (node, following) => node.headlineLevel === 1 && following.getFollowingNodesOnPage().length === 0,
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: `${ctx.companyName} · ${label('printed')} ${ctx.printedAt}`, fontSize: 7, color: '#666666' },
        { text: `${label('page')} ${currentPage} / ${pageCount}`, alignment: 'right', fontSize: 7, color: '#666666' },
      ],
      margin: [36, 12, 36, 0],
    }),
    content,
  };
}

/** The settlement: every amount with its basis, the totals and the balance, decisions and signatures. */
export function settlementDocument(print: SettlementPrint, ctx: PrintContext): TDocumentDefinitions {
  const { bilingual, detailed } = viewOf(ctx);
  const label = (key: LabelKey) => labelOf(LABELS[key], key, bilingual);
  const form = print.form;
  const calculated = print.calculated;
  const content: Content[] = [
    { text: label('settlementTitle'), style: 'title' },
    { text: `${label('number')}: ${print.number ?? label('noNumber')} · ${label('status')}: ${labelOf(statusLabels[print.status], print.status, bilingual)}`, style: 'subtitle' },
    keyValues([
      [label('company'), ctx.companyName],
      [label('employee'), print.employeeName],
      [label('position'), print.employeePosition],
      [label('tripPeriod'), `${form.start_date ?? ''} – ${form.end_date ?? ''}`],
      [label('destination'), form.destinationText ?? null],
      [label('purpose'), form.task ?? null],
      [label('costCentre'), print.costCentre],
      [label('project'), print.project],
      [label('baseOrder'), print.orderNumber],
      [label('settlementDate'), print.settlementDate],
    ]),
  ];

  const transport = form.transport ?? [];
  if (transport.length > 0) {
    content.push(
      section(label('transport')),
      table(
        [label('means'), label('from'), label('to'), label('start'), label('end'), label('settledAs'), label('distance'), label('amount'), label('amountPln'), label('basis')],
        transport.map((segment, index) => {
          const line = calculated?.transport[index];
          return [
            labelOf(TRANSPORT_TYPE_LABELS[segment.transport_type ?? ''], segment.transport_type ?? '', bilingual),
            segment.from_place_text ?? '',
            segment.to_place_text ?? '',
            segment.start_date ?? '',
            segment.end_date ?? '',
            labelOf(TRANSPORT_SETTLEMENT_LABELS[segment.settlement_type_id ?? ''], segment.settlement_type_id ?? '', bilingual),
            right(formatAmount(segment.distance ?? '', 0)),
            right(line ? `${formatAmount(line.amount)} ${line.currency}` : ''),
            right(line ? formatAmount(line.amount_pln) : ''),
            line ? [basisOf(line.explanation, line.details, detailed), conversionText(line, bilingual)].filter(Boolean).join('; ') : '',
          ];
        }),
        [55, 60, 60, 52, 52, 62, 28, 52, 48, '*'],
      ),
    );
  }

  const parts = form.country ?? [];
  if (parts.length > 0 && calculated) {
    content.push(
      section(label('perDiems')),
      table(
        [label('country'), label('period'), label('rate'), label('perDiem'), label('accommodationLumpSum'), label('localTransport'), label('transfers'), label('amount'), label('exchangeRate'), label('amountPln'), label('basis')],
        parts.map((part, index) => {
          const cost = calculated.singleCountryCost[index];
          if (!cost) return [part.country_code ?? '', `${part.in_date ?? ''} – ${part.out_date ?? ''}`, '', '', '', '', '', '', '', '', ''];
          const rate = cost.exchange_rate;
          return [
            `${cost.country_code}${cost.rate?.name_pl ? ` ${cost.rate.name_pl}` : ''}${cost.region ? ` (${cost.region})` : ''}`,
            `${part.in_date ?? ''} – ${part.out_date ?? ''}`,
            right(`${formatAmount(cost.delegation_rate)} ${cost.currency}`),
            right(formatAmount(cost.diet_amount)),
            right(formatAmount(cost.lump_sums.accommodation)),
            right(formatAmount(cost.lump_sums.local_transport)),
            right(formatAmount(cost.lump_sums.transfers)),
            right(`${formatAmount(cost.total_in_currency)} ${cost.currency}`),
            rate ? `${formatAmount(rate.rate, 4)} ${rateOrigin(rate, bilingual)} ${rate.date}` : '',
            right(formatAmount(cost.total_pln)),
            basisOf(cost.lines.diet.explanation, cost.lines.diet.details, detailed),
          ];
        }),
        [58, 70, 42, 40, 44, 44, 44, 52, 64, 46, '*'],
      ),
    );

    const nights = parts.flatMap((part, partIndex) =>
      (part.accommodation ?? []).map((entry, index) => ({ part, entry, line: calculated.singleCountryCost[partIndex]?.lines.accommodation[index] })),
    );
    if (nights.length > 0) {
      content.push(
        section(label('accommodation')),
        table(
          [label('country'), label('period'), label('settledAs'), label('nights'), label('limit'), label('amount'), label('amountPln'), label('basis')],
          nights.map(({ part, entry, line }) => [
            part.country_code ?? '',
            `${entry.start_date ?? ''} – ${entry.end_date ?? ''}`,
            labelOf(ACCOMMODATION_SETTLEMENT_LABELS[entry.settlement_type_id ?? ''], entry.settlement_type_id ?? '', bilingual),
            right(line ? String(line.nights) : ''),
            right(line?.limit ? `${formatAmount(line.limit)} ${line.currency}` : ''),
            right(line ? `${formatAmount(line.amount)} ${line.currency}` : ''),
            right(line ? formatAmount(line.amount_pln) : ''),
            line ? [basisOf(line.explanation, line.details, detailed), line.overLimit ? `> limit: ${formatAmount(line.excess)} ${line.currency}` : '', conversionText(line, bilingual)].filter(Boolean).join('; ') : '',
          ]),
          [50, 130, 110, 40, 60, 60, 55, '*'],
        ),
      );
    }
  }

  const other = form.other ?? [];
  if (other.length > 0) {
    content.push(
      section(label('otherCosts')),
      table(
        [label('costType'), label('bill'), label('date'), label('payment'), label('amount'), label('amountPln'), label('basis')],
        other.map((cost, index) => {
          const line = calculated?.other[index];
          return [
            labelOf(OTHER_COST_LABELS[cost.type_id ?? ''], cost.type_id ?? '', bilingual),
            [cost.bill_number, cost.bill_description].filter(Boolean).join(' – '),
            cost.bill_date ?? '',
            labelOf(PAYMENT_LABELS[cost.payment_type_id ?? ''], cost.payment_type_id ?? '', bilingual),
            right(line ? `${formatAmount(line.amount)} ${line.currency}` : `${formatAmount(cost.amount_in_currency ?? '')} ${cost.currency ?? ''}`),
            right(line ? formatAmount(line.amount_pln) : ''),
            line ? [basisOf(line.explanation, line.details, detailed), conversionText(line, bilingual)].filter(Boolean).join('; ') : '',
          ];
        }),
        [90, 150, 55, 70, 70, 60, '*'],
      ),
    );
  }

  const advances = form.advances ?? [];
  if (advances.length > 0) {
    content.push(
      section(label('advances')),
      table(
        [label('amount'), label('payment'), label('paymentDate'), label('counted'), label('amountPln'), label('basis')],
        advances.map((advance, index) => {
          const line = calculated?.advances[index];
          return [
            right(`${formatAmount(advance.amount_in_currency ?? '')} ${advance.currency ?? 'PLN'}`),
            labelOf(PAYMENT_LABELS[advance.payment_type ?? ''], advance.payment_type ?? '', bilingual),
            advance.payment_date ?? '',
            line ? label(line.counted ? 'yes' : 'no') : '',
            right(line ? formatAmount(line.amount_pln) : ''),
            line ? conversionText(line, bilingual) : '',
          ];
        }),
        [80, 80, 70, 60, 70, '*'],
      ),
    );
  }

  if (calculated) {
    const perDiemsTotal = sumDecimals(calculated.singleCountryCost.map((cost) => cost.total_pln)).toFixed(2);
    const balance = calculated.balance_pln;
    const owedByEmployee = balance.startsWith('-');
    content.push(
      section(label('summary')),
      {
        table: {
          widths: [260, 90],
          body: [
            [label('totalPerDiems'), right(`${formatAmount(perDiemsTotal)} PLN`)],
            [label('totalTransport'), right(`${formatAmount(calculated.transport_total_pln)} PLN`)],
            [label('totalMileage'), right(`${formatAmount(calculated.mileage_total_pln)} PLN`)],
            [label('totalOther'), right(`${formatAmount(calculated.other_total_pln)} PLN`)],
            [{ text: label('total'), style: 'total' }, { text: `${formatAmount(calculated.total_pln)} PLN`, alignment: 'right', style: 'total' }],
            [label('totalAdvances'), right(`${formatAmount(calculated.advances_total_pln)} PLN`)],
            [
              { text: label(owedByEmployee ? 'toReturn' : 'toPay'), style: 'total' },
              { text: `${formatAmount(owedByEmployee ? balance.slice(1) : balance)} PLN`, alignment: 'right', style: 'total' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 6],
      },
    );
    if (calculated.balances_by_currency.some((entry) => entry.currency !== 'PLN')) {
      content.push(
        { text: label('byCurrency'), bold: true, margin: [0, 2, 0, 2] },
        table(
          [label('currency'), label('due'), label('totalAdvances'), label('balance'), label('amountPln')],
          calculated.balances_by_currency.map((entry) => [entry.currency, right(formatAmount(entry.due)), right(formatAmount(entry.advances)), right(formatAmount(entry.balance)), right(formatAmount(entry.balance_pln))]),
          [60, 80, 80, 80, 80],
        ),
      );
    }
  }

  content.push(section(label('decisions')), decisionsTable(print.decisions, ctx, label, bilingual));
  content.push(
    signatures(label('signatures'), [
      { title: label('signatureEmployee'), who: lastDecision(print.decisions, ['submit'], ctx) || print.employeeName },
      { title: label('signatureSubstantive'), who: lastDecision(print.decisions, ['accept'], ctx) },
      { title: label('signatureFinancial'), who: lastDecision(print.decisions, ['settle'], ctx) },
    ]),
  );
  return baseDocument(`${LABELS.settlementTitle[0]} ${print.number ?? ''}`.trim(), content, ctx, label, 'landscape');
}

/** The trip order: who, when, where, why, the allowed transport, the estimate and advances, decisions and signatures. */
export function orderDocument(print: OrderPrint, ctx: PrintContext): TDocumentDefinitions {
  const { bilingual } = viewOf(ctx);
  const label = (key: LabelKey) => labelOf(LABELS[key], key, bilingual);
  const content: Content[] = [
    { text: label('orderTitle'), style: 'title' },
    { text: `${label('number')}: ${print.number ?? label('noNumber')} · ${label('status')}: ${labelOf(statusLabels[print.status], print.status, bilingual)}`, style: 'subtitle' },
    keyValues([
      [label('company'), ctx.companyName],
      [label('employee'), print.employeeName],
      [label('position'), print.employeePosition],
      [label('tripPeriod'), `${print.startDate} – ${print.endDate}`],
      [label('startPlace'), print.startPlace],
      [label('destination'), print.destinations.map((destination) => `${destination.place_text} (${destination.country_code})`).join(', ')],
      [label('endPlace'), print.endPlace],
      [label('purpose'), print.purpose],
      [label('description'), print.description],
      [label('costCentre'), print.costCentre],
      [label('project'), print.project],
      [label('allowedTransport'), print.allowedTransport.map((type) => labelOf(TRANSPORT_TYPE_LABELS[type], type, bilingual)).join(', ') || label('none')],
      [label('estimatedCost'), print.estimatedTotalCost ? `${formatAmount(print.estimatedTotalCost)} PLN` : null],
      [label('settlementDeadline'), print.settlementDeadline],
    ]),
  ];
  if (print.advances.length > 0) {
    content.push(
      section(label('advances')),
      table(
        [label('amount'), label('payment'), label('paymentDate'), label('status')],
        print.advances.map((advance) => [right(`${formatAmount(advance.amount)} ${advance.currency}`), labelOf(PAYMENT_LABELS[advance.paymentType], advance.paymentType, bilingual), advance.paymentDate ?? '', labelOf(ADVANCE_STATUS_LABELS[advance.status], advance.status, bilingual)]),
        [90, 90, 90, '*'],
      ),
    );
  }
  content.push(section(label('decisions')), decisionsTable(print.decisions, ctx, label, bilingual));
  content.push(
    signatures(label('signatures'), [
      { title: label('signatureEmployee'), who: lastDecision(print.decisions, ['submit'], ctx) || print.employeeName },
      { title: label('signatureAcceptor'), who: lastDecision(print.decisions, ['accept'], ctx) },
    ]),
  );
  return baseDocument(`${LABELS.orderTitle[0]} ${print.number ?? ''}`.trim(), content, ctx, label, 'portrait');
}
