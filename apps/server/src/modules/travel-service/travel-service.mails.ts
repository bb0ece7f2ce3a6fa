import { formatWallTime, renderTravelMailSubject, type TravelItemType, type TravelOrderStatus } from '@delego/domain';
import type { MailMessage } from '../mail/mailer.ts';
import { mailLanguageOf } from '../trip-workflow/trip-workflow.mails.ts';

/** The steps of a travel-service order someone is told of by e-mail (spec §9, issue 9 "Notifications"). */
export type TravelMailEvent =
  | 'ordered'
  | 'offersSent'
  | 'clarificationRequested'
  | 'infoProvided'
  | 'chosen'
  | 'budgetAcceptance'
  | 'accepted'
  | 'rejected'
  | 'offerChanged'
  | 'booked'
  | 'buyoutRequested'
  | 'bought'
  | 'cancellationRequested'
  | 'cancellationConfirmed'
  | 'cancelled';

const EVENT_TEXT: Record<'pl' | 'en', Record<TravelMailEvent, string>> = {
  pl: {
    ordered: 'Nowe zamówienie usług czeka na ofertę.',
    offersSent: 'Oferty są gotowe – wybierz jedną dla każdej usługi.',
    clarificationRequested: 'Konsultant prosi o dodatkowe informacje.',
    infoProvided: 'Zamawiający uzupełnił informacje.',
    chosen: 'Wybrano oferty – zamówienie czeka na Twoją akceptację.',
    budgetAcceptance: 'Wybrane oferty przekraczają budżet centrum kosztów – zamówienie czeka na Twoją akceptację przekroczenia budżetu.',
    accepted: 'Wybrane oferty zostały zaakceptowane.',
    rejected: 'Wybrane oferty zostały odrzucone.',
    offerChanged: 'Zaakceptowana oferta została zmieniona.',
    booked: 'Usługa została zarezerwowana.',
    buyoutRequested: 'Zamawiający prosi o wykup rezerwacji.',
    bought: 'Usługa została wykupiona.',
    cancellationRequested: 'Zamawiający prosi o anulowanie rezerwacji.',
    cancellationConfirmed: 'Rezerwacja została anulowana.',
    cancelled: 'Zamawiający anulował usługę.',
  },
  en: {
    ordered: 'A new travel-service order awaits an offer.',
    offersSent: 'The offers are ready – choose one for each service.',
    clarificationRequested: 'The consultant asks for more information.',
    infoProvided: 'The orderer has provided the information.',
    chosen: 'Offers were chosen – the order awaits your acceptance.',
    budgetAcceptance: 'The chosen offers exceed the cost centre’s budget – the order awaits your acceptance of the overrun.',
    accepted: 'The chosen offers were accepted.',
    rejected: 'The chosen offers were rejected.',
    offerChanged: 'The accepted offer was changed.',
    booked: 'The service was booked.',
    buyoutRequested: 'The orderer asks to buy out the booking.',
    bought: 'The service was bought out.',
    cancellationRequested: 'The orderer asks to cancel the booking.',
    cancellationConfirmed: 'The booking was cancelled.',
    cancelled: 'The orderer cancelled the service.',
  },
};

const TYPE_TEXT: Record<'pl' | 'en', Record<TravelItemType, string>> = {
  pl: { hotel: 'hotel', flight: 'lot', flightLowCost: 'lot tanimi liniami', rail: 'kolej', car: 'samochód', insurance: 'ubezpieczenie', other: 'usługa specjalna' },
  en: { hotel: 'hotel', flight: 'flight', flightLowCost: 'low-cost flight', rail: 'rail', car: 'car', insurance: 'insurance', other: 'special service' },
};

const STATUS_TEXT: Record<'pl' | 'en', Record<TravelOrderStatus, string>> = {
  pl: {
    new: 'nowe',
    partlyCompleted: 'częściowo uzupełnione',
    sentForChoice: 'wysłane do wyboru',
    chosenSentForAcceptance: 'wybrane, do akceptacji',
    acceptedByClient: 'zaakceptowane',
    booked: 'zarezerwowane',
    rejectedByClient: 'odrzucone',
    awaitingInfoForOffer: 'oczekuje na informacje do oferty',
    awaitingInfoForBooking: 'oczekuje na informacje do rezerwacji',
    cancellationRequested: 'prośba o anulowanie',
    buyoutRequested: 'prośba o wykup',
    bought: 'wykupione',
  },
  en: {
    new: 'new',
    partlyCompleted: 'partly completed',
    sentForChoice: 'sent for choice',
    chosenSentForAcceptance: 'chosen, awaiting acceptance',
    acceptedByClient: 'accepted',
    booked: 'booked',
    rejectedByClient: 'rejected',
    awaitingInfoForOffer: 'awaiting information for the offer',
    awaitingInfoForBooking: 'awaiting information for the booking',
    cancellationRequested: 'cancellation requested',
    buyoutRequested: 'buyout requested',
    bought: 'bought',
  },
};

/** What the e-mail says about the order. */
export interface TravelMailOrder {
  id: number;
  number: string;
  status: TravelOrderStatus;
  companyName: string;
  travellerName: string;
  types: TravelItemType[];
  startDate: string | null;
  endDate: string | null;
}

/**
 * One e-mail about a step of an order, in the recipient's language, with the subject built from
 * the company's mail-subject template (`/settings/travel-service/mail-subject`). `link` opens the
 * order where the recipient acts on it.
 */
export function travelServiceMail(input: { to: string; language: string; template: string; order: TravelMailOrder; event: TravelMailEvent; comment: string; link: string }): MailMessage {
  const language = mailLanguageOf(input.language);
  const order = input.order;
  const subject = renderTravelMailSubject(input.template, {
    order_number: order.number,
    traveller: order.travellerName,
    service_type: order.types.map((type) => TYPE_TEXT[language][type]).join(', '),
    start_date: order.startDate ? formatWallTime(order.startDate, language) : '',
    end_date: order.endDate ? formatWallTime(order.endDate, language) : '',
    status: STATUS_TEXT[language][order.status],
    company: order.companyName,
  });
  const lines =
    language === 'en'
      ? [EVENT_TEXT.en[input.event], `Order no. ${order.number} (${order.companyName}), traveller: ${order.travellerName}, status: ${STATUS_TEXT.en[order.status]}.`]
      : [EVENT_TEXT.pl[input.event], `Zamówienie nr ${order.number} (${order.companyName}), podróżny: ${order.travellerName}, status: ${STATUS_TEXT.pl[order.status]}.`];
  if (input.comment.trim() !== '') lines.push(language === 'en' ? `Comment: ${input.comment.trim()}` : `Komentarz: ${input.comment.trim()}`);
  lines.push(language === 'en' ? `Open it in Delego: ${input.link}` : `Otwórz w Delego: ${input.link}`);
  return { to: input.to, subject: subject === '' ? `Delego: ${order.number}` : subject, text: lines.join('\n') };
}
