import { formatMoneyText, formatWallPeriod, formatWallTime } from '@delego/domain';
import type { MailMessage } from '../mail/mailer.ts';
import { mailLanguageOf } from '../trip-workflow/trip-workflow.mails.ts';

/** The trip order an advance e-mail is about. */
export interface MailAdvanceOrder {
  id: number;
  number: string | null;
  employeeName: string;
  startDate: string;
  endDate: string;
}

/** One advance as an e-mail shows it. */
export interface MailAdvance {
  amount: string;
  currency: string;
  paymentType: string;
  paymentDate: string | null;
}

const PAYMENT_TYPE_TEXT = {
  pl: { cash: 'gotówka', transfer: 'przelew', compensation: 'kompensata' },
  en: { cash: 'cash', transfer: 'transfer', compensation: 'compensation' },
} as const;

const OUTCOME_TEXT = {
  pl: { approved: 'została zatwierdzona', rejected: 'została odrzucona', paid: 'została wypłacona' },
  en: { approved: 'was approved', rejected: 'was rejected', paid: 'was paid' },
} as const;

export type AdvanceOutcome = keyof (typeof OUTCOME_TEXT)['pl'];

/** The order with its number, when it has one. */
function orderName(order: MailAdvanceOrder, language: 'pl' | 'en'): string {
  if (language === 'en') return order.number ? `trip order no. ${order.number}` : 'trip order';
  return order.number ? `polecenia wyjazdu nr ${order.number}` : 'polecenia wyjazdu';
}

/** The subject's name of the order: one without a number yet is known by its trip's dates, never by an internal id. */
function orderTitle(order: MailAdvanceOrder, language: 'pl' | 'en'): string {
  return order.number ? orderName(order, language) : `${orderName(order, language)} (${formatWallPeriod(order.startDate, order.endDate, language)})`;
}

function money(advance: MailAdvance, language: 'pl' | 'en'): string {
  return formatMoneyText(advance.amount, advance.currency, language);
}

function advanceLine(advance: MailAdvance, language: 'pl' | 'en'): string {
  const texts = PAYMENT_TYPE_TEXT[language];
  const paymentType = texts[advance.paymentType as keyof typeof texts] ?? advance.paymentType;
  const date = advance.paymentDate ? (language === 'pl' ? `, data wypłaty ${formatWallTime(advance.paymentDate, language)}` : `, payment date ${formatWallTime(advance.paymentDate, language)}`) : '';
  return `- ${money(advance, language)}, ${paymentType}${date}`;
}

/**
 * To a financial acceptor when advances of a trip order wait for their decision (extended advance
 * flow): one message per order, listing its undecided advances. Advances have no one-time decision
 * links, so the message leads to the list of advances to decide.
 */
export function advanceDecisionRequestMail(input: { to: string; language: string; order: MailAdvanceOrder; advances: MailAdvance[]; appLink: string }): MailMessage {
  const language = mailLanguageOf(input.language);
  const { order } = input;
  const several = input.advances.length > 1;
  const lines = input.advances.map((advance) => advanceLine(advance, language));
  if (language === 'en') {
    const what = (name: string) => `${several ? 'Advances' : 'Advance'} on ${name}`;
    const waits = several ? 'await your decision' : 'awaits your decision';
    return {
      to: input.to,
      subject: `Delego: ${what(orderTitle(order, 'en'))} ${waits}`,
      text: [`${what(orderName(order, 'en'))} of ${order.employeeName} (${formatWallPeriod(order.startDate, order.endDate, 'en')}) ${waits}:`, ...lines, `Open the advances to decide in Delego: ${input.appLink}`].join('\n'),
    };
  }
  const what = (name: string) => `${several ? 'Zaliczki' : 'Zaliczka'} do ${name}`;
  const waits = several ? 'czekają na Twoją decyzję' : 'czeka na Twoją decyzję';
  return {
    to: input.to,
    subject: `Delego: ${what(orderTitle(order, 'pl'))} ${waits}`,
    text: [`${what(orderName(order, 'pl'))} – ${order.employeeName} (${formatWallPeriod(order.startDate, order.endDate, 'pl')}) ${waits}:`, ...lines, `Otwórz zaliczki do decyzji w Delego: ${input.appLink}`].join('\n'),
  };
}

/** To the employee (and whoever filled in the order for them) when their advance is approved, rejected or paid. */
export function advanceOutcomeMail(input: { to: string; language: string; order: MailAdvanceOrder; advance: MailAdvance; outcome: AdvanceOutcome; comment: string; appLink: string }): MailMessage {
  const language = mailLanguageOf(input.language);
  const { order, advance } = input;
  const outcome = OUTCOME_TEXT[language][input.outcome];
  if (language === 'en') {
    return {
      to: input.to,
      subject: `Delego: Advance on ${orderTitle(order, 'en')} ${outcome}`,
      text: [
        `The advance of ${money(advance, 'en')} on ${orderName(order, 'en')} of ${order.employeeName} (${formatWallPeriod(order.startDate, order.endDate, 'en')}) ${outcome}.`,
        ...(input.outcome === 'paid' && advance.paymentDate ? [`Payment date: ${formatWallTime(advance.paymentDate, 'en')}`] : []),
        ...(input.comment ? [`Comment: ${input.comment}`] : []),
        `Open your advances in Delego: ${input.appLink}`,
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: `Delego: Zaliczka do ${orderTitle(order, 'pl')} ${outcome}`,
    text: [
      `Zaliczka ${money(advance, 'pl')} do ${orderName(order, 'pl')} – ${order.employeeName} (${formatWallPeriod(order.startDate, order.endDate, 'pl')}) ${outcome}.`,
      ...(input.outcome === 'paid' && advance.paymentDate ? [`Data wypłaty: ${formatWallTime(advance.paymentDate, 'pl')}`] : []),
      ...(input.comment ? [`Komentarz: ${input.comment}`] : []),
      `Otwórz swoje zaliczki w Delego: ${input.appLink}`,
    ].join('\n'),
  };
}
