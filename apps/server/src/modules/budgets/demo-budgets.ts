import { dec } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { budgetsRepo } from './budgets.repo.ts';
import { budgetOverview, createBudgetsService } from './budgets.service.ts';

/** The twelve calendar months ending with the seed day's month: the demo's trips and bookings all lie in them. */
function demoPeriod(seedDay: string): { from: string; to: string } {
  const [year, month] = seedDay.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 12, 1));
  const end = new Date(Date.UTC(year, month, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** The smallest whole-złoty amount of which `used` is at least 85 %: a budget near its end. */
function nearlyUsedAmount(used: string): string {
  const exact = dec(used).div(dec('0.85'));
  let amount = exact.toDecimalPlaces(0);
  if (amount.lessThan(exact)) amount = amount.plus(1);
  return (amount.isZero() || amount.isNegative() ? dec(1) : amount).toFixed(2);
}

/**
 * The demo company's budgets (issue 11 point 5), saved through the budgets service by the
 * administrator once the year of trips, orders and travel services is in: sales with room to spare,
 * marketing at about 85 % (amber), administration untouched, and the CRM project within the sales
 * budget. Run after the other demo documents, so the marketing amount is what they spend and commit.
 */
export async function seedDemoBudgets(tx: Transaction, company: CompanyRecord, seedDay: string): Promise<void> {
  const db = tx as unknown as Database;
  const budgets = createBudgetsService({ db, clock: new ManualClock(`${seedDay}T10:00:00Z`) });
  const admin = await demoContext(tx, company, 'administrator', seedDay);
  const { cost_centres: centres, projects } = await budgetsRepo.formOptions(tx, company.id);
  const centre = (ordinate: string) => centres.find((row) => row.name.startsWith(`${ordinate} `))!.id;
  const crm = projects.find((project) => project.name === 'Wdrożenie CRM')!.id;
  const period = demoPeriod(seedDay);
  const save = (costCentreId: number, projectId: number | null, amount: string) =>
    budgets.save(admin, { cost_centre_id: costCentreId, project_id: projectId, date_from: period.from, date_to: period.to, amount });

  await save(centre('MPK-100'), null, '120000.00');
  await save(centre('MPK-300'), null, '15000.00');
  // Marketing's amount is set by what its documents already use, so it shows at about 85 % whatever day the demo is seeded.
  const marketing = (await save(centre('MPK-200'), null, '1.00')).budget;
  const used = (await budgetOverview(tx, company.id, seedDay)).find((row) => row.id === marketing.id)!.figures;
  await budgets.save(admin, { id: marketing.id, cost_centre_id: marketing.cost_centre_id, project_id: null, date_from: period.from, date_to: period.to, amount: nearlyUsedAmount(dec(used.spent).plus(dec(used.committed)).toFixed(2)) });
  const project = (await save(centre('MPK-100'), crm, '1.00')).budget;
  const projectUsed = (await budgetOverview(tx, company.id, seedDay)).find((row) => row.id === project.id)!.figures;
  await budgets.save(admin, { id: project.id, cost_centre_id: project.cost_centre_id, project_id: crm, date_from: period.from, date_to: period.to, amount: dec(projectUsed.spent).plus(dec(projectUsed.committed)).times(2).plus(5000).toFixed(2) });
}
