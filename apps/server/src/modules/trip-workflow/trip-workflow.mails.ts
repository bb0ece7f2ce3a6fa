import { formatWallPeriod, type DocumentKind } from '@delego/domain';
import type { MailMessage } from '../mail/mailer.ts';

/** What an e-mail says about the document. */
export interface MailDocument {
  kind: DocumentKind;
  id: number;
  number: string | null;
  employeeName: string;
  /** `YYYY-MM-DD HH:mm`, Warsaw; the e-mail writes them in the recipient's language. */
  startDate: string;
  endDate: string;
}

const KIND_TEXT = {
  pl: { delegationOrder: 'Polecenie wyjazdu', delegation: 'Rozliczenie delegacji' },
  en: { delegationOrder: 'Trip order', delegation: 'Trip settlement' },
} as const;

const FINAL_TEXT = {
  pl: { accepted: 'zostało zaakceptowane', settled: 'zostało zatwierdzone', rejected: 'zostało odrzucone', rejectedForCorrect: 'zostało zwrócone do poprawy' },
  en: { accepted: 'was accepted', settled: 'was approved', rejected: 'was rejected', rejectedForCorrect: 'was returned for correction' },
} as const;

export type FinalOutcome = keyof (typeof FINAL_TEXT)['pl'];

/** The language of a recipient's e-mails: English for `en-US` users, Polish otherwise. */
export const mailLanguageOf = (language: string): 'pl' | 'en' => (language === 'en-US' ? 'en' : 'pl');

/** The kind with the document's number, when it has one. */
function kindAndNumber(doc: MailDocument, language: 'pl' | 'en'): string {
  const kind = KIND_TEXT[language][doc.kind];
  if (!doc.number) return kind;
  return language === 'en' ? `${kind} no. ${doc.number}` : `${kind} nr ${doc.number}`;
}

/** The subject's name of the document: a document without a number yet is known by its trip's dates, never by an internal id. */
function title(doc: MailDocument, language: 'pl' | 'en'): string {
  return doc.number ? kindAndNumber(doc, language) : `${kindAndNumber(doc, language)} (${formatWallPeriod(doc.startDate, doc.endDate, language)})`;
}

/**
 * To an acceptor of the step the document now waits for. With `actionLink` the message also
 * carries the one-time decision link (spec §9 "notify with no-login action links").
 */
export function decisionRequestMail(input: { to: string; language: string; document: MailDocument; appLink: string; actionLink: string | null; expiresDays: number }): MailMessage {
  const language = mailLanguageOf(input.language);
  const doc = input.document;
  if (language === 'en') {
    return {
      to: input.to,
      subject: `Delego: ${title(doc, 'en')} awaits your decision`,
      text: [
        `${kindAndNumber(doc, 'en')} of ${doc.employeeName} (${formatWallPeriod(doc.startDate, doc.endDate, 'en')}) awaits your decision.`,
        `Open it in Delego: ${input.appLink}`,
        ...(input.actionLink
          ? ['', `Or decide without logging in (the link works once, for ${input.expiresDays} days, while the document waits for this decision):`, input.actionLink]
          : []),
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: `Delego: ${title(doc, 'pl')} czeka na Twoją decyzję`,
    text: [
      `${kindAndNumber(doc, 'pl')} – ${doc.employeeName} (${formatWallPeriod(doc.startDate, doc.endDate, 'pl')}) czeka na Twoją decyzję.`,
      `Otwórz dokument w Delego: ${input.appLink}`,
      ...(input.actionLink
        ? ['', `Możesz też zdecydować bez logowania (link działa jeden raz przez ${input.expiresDays} dni, dopóki dokument czeka na tę decyzję):`, input.actionLink]
        : []),
    ].join('\n'),
  };
}

/** To the employee when the decision on their document is final. */
export function finalDecisionMail(input: { to: string; language: string; document: MailDocument; outcome: FinalOutcome; comment: string; appLink: string }): MailMessage {
  const language = mailLanguageOf(input.language);
  const doc = input.document;
  const outcome = FINAL_TEXT[language][input.outcome];
  if (language === 'en') {
    return {
      to: input.to,
      subject: `Delego: ${title(doc, 'en')} ${outcome}`,
      text: [`${kindAndNumber(doc, 'en')} (${formatWallPeriod(doc.startDate, doc.endDate, 'en')}) ${outcome}.`, ...(input.comment ? [`Comment: ${input.comment}`] : []), `Open it in Delego: ${input.appLink}`].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: `Delego: ${title(doc, 'pl')} ${outcome}`,
    text: [`${kindAndNumber(doc, 'pl')} (${formatWallPeriod(doc.startDate, doc.endDate, 'pl')}) ${outcome}.`, ...(input.comment ? [`Komentarz: ${input.comment}`] : []), `Otwórz dokument w Delego: ${input.appLink}`].join('\n'),
  };
}
