import { and, eq, inArray } from 'drizzle-orm';
import { TRIP_POLICY_ALIAS, sanitizeRichText } from '@delego/domain';
import type { Transaction } from '../client.ts';
import {
  contractors,
  costCentres,
  customPages,
  delegationTasks,
  documentNumberTemplates,
  organizationUnits,
  projects,
  travelServiceAcceptors,
  userCostCentres,
  users,
  vehicles,
} from '../schema/index.ts';

const TRIP_POLICY_PL = `<h2>Zasady ogólne</h2>
<p>Podróż służbową zleca przełożony w <strong>poleceniu wyjazdu</strong> przed jej rozpoczęciem. Rozliczenie składa się w ciągu 14 dni od powrotu.</p>
<h3>Transport</h3>
<ul><li>Pociąg: 2. klasa; 1. klasa przy podróży dłuższej niż 4 godziny.</li><li>Samolot: klasa ekonomiczna, rezerwacja przez konsultanta podróży.</li><li>Samochód prywatny: tylko za zgodą przełożonego, rozliczany kilometrówką.</li></ul>
<h3>Noclegi</h3>
<p>Hotel do limitu noclegu dla danego kraju. Przekroczenie limitu wymaga zgody akceptanta.</p>
<p>Pytania: <a href="mailto:podroze@demo.delego.local">podroze@demo.delego.local</a></p>`;

const TRIP_POLICY_EN = `<h2>General rules</h2>
<p>A business trip is ordered by the superior in a <strong>trip order</strong> before it starts. The settlement is due within 14 days of return.</p>
<h3>Transport</h3>
<ul><li>Rail: 2nd class; 1st class for journeys longer than 4 hours.</li><li>Air: economy class, booked through the travel consultant.</li><li>Private car: only with the superior's consent, settled by mileage.</li></ul>
<h3>Accommodation</h3>
<p>Hotels up to the accommodation limit of the country. Going above it needs the acceptor's consent.</p>
<p>Questions: <a href="mailto:podroze@demo.delego.local">podroze@demo.delego.local</a></p>`;

/**
 * The demo company's master data, so every settings and delegation-info screen has something to
 * show: cost centres (their budgets come last, `seedDemoBudgets`), the organisation structure, trip reasons, a contractor with a
 * project, vehicles, the trip policy, a travel-service acceptor, and the numbering templates that
 * automatic numbering needs before the first order or settlement can be accepted.
 */
export async function seedDemoMasterData(tx: Transaction, companyId: number, companyName: string, userIds: ReadonlyMap<string, number>): Promise<void> {
  const user = (login: string) => userIds.get(login)!;

  const centres = await tx
    .insert(costCentres)
    .values([
      { companyId, ordinate: 'MPK-100', name: 'Sprzedaż' },
      { companyId, ordinate: 'MPK-200', name: 'Marketing' },
      { companyId, ordinate: 'MPK-300', name: 'Administracja i finanse' },
    ])
    .returning({ id: costCentres.id, ordinate: costCentres.ordinate });
  const centre = (ordinate: string) => centres.find((row) => row.ordinate === ordinate)!.id;
  const assignments: [string, string[], string][] = [
    ['employee', ['MPK-100', 'MPK-200'], 'MPK-100'],
    ['acceptor', ['MPK-100'], 'MPK-100'],
    ['finance', ['MPK-300'], 'MPK-300'],
    ['administrator', ['MPK-300'], 'MPK-300'],
  ];
  for (const [login, ordinates, defaultOrdinate] of assignments) {
    await tx.insert(userCostCentres).values(ordinates.map((ordinate) => ({ userId: user(login), costCentreId: centre(ordinate) })));
    await tx.update(users).set({ defaultCostCentreId: centre(defaultOrdinate) }).where(eq(users.id, user(login)));
  }

  const [main] = await tx.insert(organizationUnits).values({ companyId, name: companyName, isMain: true }).returning({ id: organizationUnits.id });
  const units = await tx
    .insert(organizationUnits)
    .values(['Dział sprzedaży', 'Dział finansowy', 'Administracja'].map((name) => ({ companyId, name, parentId: main!.id })))
    .returning({ id: organizationUnits.id, name: organizationUnits.name });
  const unit = (name: string) => units.find((row) => row.name === name)!.id;
  const members: [string, string[]][] = [
    ['Dział sprzedaży', ['employee', 'acceptor']],
    ['Dział finansowy', ['finance']],
    ['Administracja', ['administrator', 'consultant']],
  ];
  for (const [name, logins] of members) {
    await tx
      .update(users)
      .set({ organizationUnitId: unit(name) })
      .where(and(eq(users.companyId, companyId), inArray(users.id, logins.map(user))));
  }

  await tx.insert(delegationTasks).values([
    { companyId, namePl: 'Spotkanie z klientem', nameEn: 'Client meeting' },
    { companyId, namePl: 'Szkolenie', nameEn: 'Training' },
    { companyId, namePl: 'Targi i konferencje', nameEn: 'Trade fairs and conferences' },
    { companyId, namePl: 'Inny cel', nameEn: 'Other purpose', commentRequirement: 'min10' },
  ]);

  const [acme] = await tx
    .insert(contractors)
    .values({
      companyId,
      name: 'Acme Polska Sp. z o.o.',
      taxId: '5260250274',
      street: 'ul. Prosta 1',
      postalCode: '00-950',
      city: 'Warszawa',
      countryCode: 'PL',
      email: 'biuro@acme.example',
      accountingCode: 'K-001',
    })
    .returning({ id: contractors.id });
  await tx.insert(projects).values({ companyId, contractorId: acme!.id, name: 'Wdrożenie CRM', orderNumber: 'ZAM/2026/001' });

  await tx.insert(vehicles).values([
    { companyId, ownerUserId: null, plates: 'WX 12345', model: 'Toyota Corolla', engineCapacity: 1798, type: 'car', isPrivate: false },
    { companyId, ownerUserId: user('employee'), plates: 'WA 5Y123', model: 'Skoda Octavia', engineCapacity: 1598, type: 'car', isPrivate: true },
  ]);

  await tx.insert(customPages).values({
    companyId,
    alias: TRIP_POLICY_ALIAS,
    kind: 'tripPolicy',
    titlePl: 'Polityka podróży',
    titleEn: 'Travel policy',
    contentPl: sanitizeRichText(TRIP_POLICY_PL),
    contentEn: sanitizeRichText(TRIP_POLICY_EN),
  });

  await tx.insert(travelServiceAcceptors).values({ companyId, userId: user('acceptor') });

  await tx.insert(documentNumberTemplates).values([
    { companyId, documentType: 'delegationOrder', resetType: 'yearly', mask: 'PW/[000N]/[YYYY]', description: 'Polecenia wyjazdu – numeracja roczna' },
    { companyId, documentType: 'delegation', resetType: 'yearly', mask: 'RD/[000N]/[YYYY]', description: 'Rozliczenia delegacji – numeracja roczna' },
  ]);
}
