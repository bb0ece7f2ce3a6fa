import type { Database, Transaction } from '../../db/client.ts';
import { demoCalendar, demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createMemoryStorage } from '../../integrations/storage/memory-storage.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { createInvoicesService } from '../invoices/invoices.service.ts';
import { createOptimaService } from '../optima/optima.service.ts';
import { createTripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { createBookingsService } from './bookings.service.ts';
import { systemSettingsRepo } from '../system-settings/system-settings.repo.ts';

/** Optima's dictionaries as the demo accountant exported them (synthetic, in the offline format). */
function demoOptimaDictionaries(): Buffer {
  const category = (code: string, description: string) =>
    `<KATEGORIA><ID_ZRODLA>${code.toLowerCase()}-0000-4000-8000-000000000000</ID_ZRODLA><KOD_OGOLNY>KOSZTY</KOD_OGOLNY><KOD>${code}</KOD><POZIOM>szczegółowa</POZIOM><TYP>koszt</TYP><OPIS>${description}</OPIS></KATEGORIA>`;
  const header = '<WERSJA>2.00</WERSJA><BAZA_ZRD_ID>KSIEG</BAZA_ZRD_ID><BAZA_DOC_ID>DELEGO</BAZA_DOC_ID>';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><ROOT xmlns="http://www.comarch.pl/cdn/optima/offline">` +
      `<KATEGORIE>${header}${category('DELEG-KRAJ', 'Podróże służbowe krajowe')}${category('DELEG-ZAGR', 'Podróże służbowe zagraniczne')}${category('NOCLEGI', 'Noclegi')}${category('BILETY', 'Bilety lotnicze i kolejowe')}</KATEGORIE>` +
      `<KONTRAHENCI>${header}<KONTRAHENT><ID_ZRODLA>5f0d3a44-8e2b-4c1a-9d6e-1a2b3c4d5e60</ID_ZRODLA><AKRONIM>PKPIC</AKRONIM><ADRESY><ADRES><NAZWA1>PKP Intercity S.A.</NAZWA1><MIASTO>Warszawa</MIASTO><NIP>5261000214</NIP></ADRES></ADRESY></KONTRAHENT></KONTRAHENCI>` +
      `<PRACOWNICY>${header}<PRACOWNIK><ID_ZRODLA>6a1e4b55-9f3c-4d2b-8e7f-2b3c4d5e6f71</ID_ZRODLA><AKRONIM>AKOWALSKA</AKRONIM><NAZWISKO>Kowalska</NAZWISKO><IMIE1>Anna</IMIE1></PRACOWNIK>` +
      `<PRACOWNIK><ID_ZRODLA>7b2f5c66-0a4d-4e3c-9f80-3c4d5e6f7082</ID_ZRODLA><AKRONIM>KWISNIEWSKA</AKRONIM><NAZWISKO>Wiśniewska</NAZWISKO><IMIE1>Katarzyna</IMIE1></PRACOWNIK></PRACOWNICY></ROOT>`,
    'utf8',
  );
}

/**
 * The demo company's bookings, invoices and accounting export, made through the services like the
 * demo trips (issue 10 point 7): a booking of every kind for Anna Kowalska's trips and a colleague's,
 * two with their invoices and the Frankfurt flight waiting for its invoice, a booking-site file whose
 * traveller matches no user (waiting at `/booking/mapping`), Optima's categories, contractors and
 * employees imported with Anna mapped, and a KSeF restaurant invoice matched to the Kraków trip.
 */
export async function seedDemoBookings(
  tx: Transaction,
  company: CompanyRecord,
  seedDay: string,
): Promise<void> {
  const { at, day, instant } = demoCalendar(seedDay);
  // The accountant's area is on in the demo company.
  const settings = {
    ...company.settings,
    modules: { ...company.settings.modules, accounting_export: 2 as const },
    email_notification_mode: 'disabled' as const,
  };
  await systemSettingsRepo.save(tx, company.id, { ...company.settings, modules: settings.modules });
  const demo = { ...company, settings };
  const db = tx as unknown as Database;
  const clock = new ManualClock(instant(-4, 0, '08:00'));
  const workflow = createTripWorkflow({ db, clock, publicUrl: '', onMailQueued: () => undefined });
  const bookings = createBookingsService({ db, clock });
  const invoices = createInvoicesService({ db, clock, storage: createMemoryStorage(), workflow });
  const optima = createOptimaService({ db, clock });
  const consultant = await demoContext(tx, demo, 'consultant', seedDay);
  const finance = await demoContext(tx, demo, 'finance', seedDay);
  const [anna, piotr] = [
    await demoContext(tx, demo, 'employee', seedDay),
    await demoContext(tx, demo, 'acceptor', seedDay),
  ].map((ctx) => ctx.actor.userId);

  const booking = async (body: Parameters<typeof bookings.save>[1]) =>
    (await bookings.save(consultant, body)).booking.id;
  const base = {
    status: 'ticketed' as const,
    is_return_route: false,
    paid_by: 'companyInvoice' as const,
    currency: 'PLN',
  };
  const none = {
    record_locator: null,
    ticket_number: null,
    carrier: null,
    name: null,
    flight_number: null,
    seat_class: null,
    baggage: null,
    start_place: null,
    end_place: null,
    country_code: null,
    end_at: null,
    hotel_class: null,
    address: null,
    rooms: null,
    persons_per_room: null,
    room_type: null,
    additional_services: null,
    cancel_until: null,
    price_per_day: null,
    car_class: null,
    comment: null,
    amount_net: null,
    vat_amount: null,
    cost_centre_id: null,
    project_id: null,
  };

  // Kraków, three weeks back: the train and the hotel, both invoiced.
  const krakowTrain = await booking({
    ...none,
    ...base,
    kind: 'rail',
    user_id: anna!,
    carrier: 'PKP Intercity',
    start_place: 'Warszawa Centralna',
    end_place: 'Kraków Główny',
    start_at: at(-3, 1, '07:00'),
    end_at: at(-3, 1, '09:30'),
    seat_class: 'second',
    ticket_number: 'EIP-1301-22',
    amount_net: '156.48',
    vat_amount: '12.52',
    amount_gross: '169.00',
  });
  const krakowHotel = await booking({
    ...none,
    ...base,
    status: 'booked',
    kind: 'hotel',
    user_id: anna!,
    name: 'Hotel Wawel',
    hotel_class: '4*',
    address: 'ul. Poselska 22, 31-002 Kraków',
    end_place: 'Kraków',
    country_code: 'PL',
    start_at: at(-3, 1, '15:00'),
    end_at: at(-3, 2, '11:00'),
    rooms: 1,
    persons_per_room: 1,
    room_type: 'single',
    price_per_day: '389.00',
    amount_gross: '389.00',
    record_locator: 'HW-55812',
  });
  // Frankfurt, in two weeks: the flight waits for its invoice; the hotel goes through the agency's central billing.
  await booking({
    ...none,
    ...base,
    kind: 'flight',
    user_id: anna!,
    carrier: 'LOT',
    flight_number: 'LO 379',
    start_place: 'Warszawa (WAW)',
    end_place: 'Frankfurt (FRA)',
    country_code: 'DE',
    start_at: at(2, 1, '07:10'),
    end_at: at(2, 1, '09:20'),
    seat_class: 'economy',
    baggage: '23 kg',
    is_return_route: true,
    record_locator: 'K7Q2LM',
    amount_gross: '1240.00',
  });
  await booking({
    ...none,
    ...base,
    status: 'booked',
    kind: 'hotel',
    paid_by: 'centralBilling',
    user_id: anna!,
    name: 'Maritim Hotel Frankfurt',
    address: 'Theodor-Heuss-Allee 3, Frankfurt am Main',
    end_place: 'Frankfurt nad Menem',
    country_code: 'DE',
    start_at: at(2, 1, '15:00'),
    end_at: at(2, 4, '11:00'),
    rooms: 1,
    persons_per_room: 1,
    room_type: 'single',
    cancel_until: at(1, 4, '18:00'),
    price_per_day: '185.00',
    amount_gross: '555.00',
    currency: 'EUR',
  });
  // Poznań, in three weeks: a rental car (the "other" tab); the colleague's low-cost flight.
  await booking({
    ...none,
    ...base,
    status: 'booked',
    kind: 'car',
    user_id: anna!,
    name: 'Toyota Corolla (Panek)',
    car_class: 'c',
    start_place: 'Warszawa',
    end_place: 'Poznań',
    start_at: at(3, 1, '07:00'),
    end_at: at(3, 2, '19:00'),
    price_per_day: '189.00',
    amount_gross: '378.00',
  });
  await booking({
    ...none,
    ...base,
    kind: 'lowCost',
    user_id: piotr!,
    carrier: 'Ryanair',
    flight_number: 'FR 3012',
    start_place: 'Kraków (KRK)',
    end_place: 'Londyn Stansted (STN)',
    country_code: 'GB',
    start_at: at(1, 2, '06:25'),
    end_at: at(1, 2, '08:10'),
    seat_class: 'low_cost',
    baggage: '10 kg',
    amount_gross: '412.00',
  });

  clock.set(instant(-3, 3, '10:00'));
  const invoiceBase = {
    sale_date: null,
    due_date: null,
    seller_country: 'PL',
    currency: 'PLN',
    delegation_ids: [],
    file_token: null,
  };
  await invoices.save(finance, {
    ...invoiceBase,
    number: 'IC/2026/884512',
    issue_date: day(-3, 1),
    received_date: day(-3, 1),
    seller_name: 'PKP Intercity S.A.',
    seller_tax_id: '5261000214',
    seller_address: 'Al. Jerozolimskie 142A, 02-305 Warszawa',
    vat_lines: [{ rate: '8', net: '156.48', vat: '12.52' }],
    booking_ids: [krakowTrain],
  });
  await invoices.save(finance, {
    ...invoiceBase,
    number: 'FV/HW/0412',
    issue_date: day(-3, 2),
    received_date: day(-3, 3),
    seller_name: 'Hotel Wawel Kraków Sp. z o.o.',
    seller_tax_id: '7010004397',
    seller_address: 'ul. Poselska 22, 31-002 Kraków',
    vat_lines: [{ rate: '8', net: '360.19', vat: '28.81' }],
    booking_ids: [krakowHotel],
  });

  // The booking site's file: one traveller matches no user and waits at /booking/mapping.
  clock.set(instant(-1, 2, '09:00'));
  const file = [
    'source,external_booking_id,segment_seq,service_type,traveler_name,traveler_email,vendor_name,origin,destination,start_at,end_at,amount_gross,currency,invoice_number,invoice_date,seller_name,seller_nip',
    `TRAVELHUB,TH-20417,1,RAIL,Anna Kowalska,anna.kowalska@demo.delego.local,PKP Intercity,Warszawa Centralna,Wrocław Główny,${at(1, 1, '06:50')},${at(1, 1, '10:35')},139.00,PLN,,,,`,
    `TRAVELHUB,TH-20418,1,HOTEL,Jan Zieliński,jan.zielinski@partner.example,Hotel Monopol Wrocław,,Wrocław,${day(1, 1)},${day(1, 2)},520.00,PLN,,,,`,
  ].join('\n');
  await bookings.importFile(
    consultant,
    { mode: 'commit', skipInvalid: false },
    { fileName: 'travelhub-eksport.csv', content: Buffer.from(file, 'utf8') },
  );

  // The accountant's Optima: settings, dictionaries, Anna mapped to her Optima code.
  await optima.saveSettings(finance, {
    source_database_id: 'DELEGO',
    target_database_id: 'KSIEG',
    purchase_register: 'ZAKUP',
    settlement_register: 'DELEGACJE',
    default_category_code: 'DELEG-KRAJ',
    payment_form: 'przelew',
    company_tax_id: null,
  });
  await optima.importDictionaries(finance, {
    fileName: 'optima-slowniki.xml',
    content: demoOptimaDictionaries(),
  });
  const employees = (await optima.employees(finance)).items;
  for (const employee of employees)
    if (employee.suggested_user_id !== null)
      await optima.mapEmployee(finance, { id: employee.id, user_id: employee.suggested_user_id });

  // A restaurant's KSeF invoice from the Kraków trip, matched to it and waiting for finance to confirm.
  const ksef = `<?xml version="1.0" encoding="UTF-8"?><Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"><Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza><DataWytworzeniaFa>${day(-3, 1)}T19:00:00Z</DataWytworzeniaFa></Naglowek><Podmiot1><DaneIdentyfikacyjne><NIP>6762468377</NIP><Nazwa>Restauracja „Pod Baranami”</Nazwa></DaneIdentyfikacyjne><Adres><KodKraju>PL</KodKraju><AdresL1>Rynek Główny 27</AdresL1><AdresL2>31-010 Kraków</AdresL2></Adres></Podmiot1><Podmiot2><DaneIdentyfikacyjne><NIP>5260250274</NIP><Nazwa>Demo sp. z o.o.</Nazwa></DaneIdentyfikacyjne></Podmiot2><Podmiot3><DaneIdentyfikacyjne><BrakID>1</BrakID><Nazwa>Anna Kowalska</Nazwa></DaneIdentyfikacyjne><Rola>4</Rola></Podmiot3><Fa><KodWaluty>PLN</KodWaluty><P_1>${day(-3, 1)}</P_1><P_2>R/204/2026</P_2><P_13_2>80.00</P_13_2><P_14_2>6.40</P_14_2><P_15>86.40</P_15><RodzajFaktury>VAT</RodzajFaktury><FaWiersz><NrWierszaFa>1</NrWierszaFa><P_7>Kolacja – spotkanie z klientem</P_7><P_11>80.00</P_11><P_12>8</P_12></FaWiersz></Fa></Faktura>`;
  await invoices.ksefImport(finance, {
    fileName: `6762468377-${day(-3, 1).replace(/-/g, '')}-0A1B2C3D4E5F-11.xml`,
    content: Buffer.from(ksef, 'utf8'),
  });
}
