import { REPORT_TYPE_TITLES, type ReportType } from '@delego/domain';
import type { MailMessage } from '../mail/mailer.ts';
import { mailLanguageOf } from '../trip-workflow/trip-workflow.mails.ts';

/** The report list of the web app (spec §2 `/report`), where a report is downloaded. */
export const REPORT_LIST_PATH = '/report';

const FAILURE_TEXT = {
  pl: { 'report.pdfTooLarge': 'Raport ma zbyt wiele pozycji na PDF. Wybierz XLSX lub CSV albo zawęź filtry.', other: 'Spróbuj wygenerować go ponownie.' },
  en: { 'report.pdfTooLarge': 'The report has too many rows for a PDF. Choose XLSX or CSV, or narrow the filters.', other: 'Try generating it again.' },
} as const;

/**
 * To whoever asked for a report, once the background job has finished it: ready to download, or
 * failed with the reason the list shows. The file itself is never attached: it may be large and
 * it is downloaded from the list, behind the login and the `reportDelegation` permission.
 */
export function reportFinishedMail(input: {
  to: string;
  language: string;
  reportType: ReportType;
  fileName: string;
  outcome: { status: 'ready' } | { status: 'failed'; error: string };
  appLink: string;
}): MailMessage {
  const language = mailLanguageOf(input.language);
  const title = REPORT_TYPE_TITLES[input.reportType][language === 'pl' ? 0 : 1];
  const failure = input.outcome.status === 'failed' ? (input.outcome.error === 'report.pdfTooLarge' ? FAILURE_TEXT[language]['report.pdfTooLarge'] : FAILURE_TEXT[language].other) : null;
  if (language === 'en') {
    return failure === null
      ? {
          to: input.to,
          subject: `Delego: the report ${input.fileName} is ready`,
          text: [`The report "${title}" you asked for (${input.fileName}) is ready to download.`, `Download it from the reports in Delego: ${input.appLink}`].join('\n'),
        }
      : {
          to: input.to,
          subject: `Delego: the report ${input.fileName} could not be generated`,
          text: [`The report "${title}" you asked for (${input.fileName}) could not be generated. ${failure}`, `The reports in Delego: ${input.appLink}`].join('\n'),
        };
  }
  return failure === null
    ? {
        to: input.to,
        subject: `Delego: raport ${input.fileName} jest gotowy`,
        text: [`Zamówiony raport „${title}” (${input.fileName}) jest gotowy do pobrania.`, `Pobierz go z listy raportów w Delego: ${input.appLink}`].join('\n'),
      }
    : {
        to: input.to,
        subject: `Delego: nie udało się wygenerować raportu ${input.fileName}`,
        text: [`Nie udało się wygenerować zamówionego raportu „${title}” (${input.fileName}). ${failure}`, `Lista raportów w Delego: ${input.appLink}`].join('\n'),
      };
}
