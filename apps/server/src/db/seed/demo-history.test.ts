import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingReport } from '@delego/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { delegations } from '../schema/index.ts';
import { companyRepo, type CompanyRecord } from '../../modules/company/company.repo.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;
let demo: CompanyRecord;
let finance: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  await seedDemo(t.db, { now: new Date('2026-11-25T10:00:00Z') });
  demo = (await companyRepo.findByCode(t.db, 'demo'))!;
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: 'demo', username: 'finance', password: DEMO_PASSWORD } });
  finance = { authorization: `Bearer ${login.json().access_token}` };
});
afterAll(async () => t.close());

describe('a year of demo history', () => {
  it('has settled trips in at least ten of the last twelve months on two cost centres and the CRM project', async () => {
    const [row] = await t.db
      .select({
        months: countDistinct(sql`to_char(${delegations.startDate} at time zone 'Europe/Warsaw', 'YYYY-MM')`),
        centres: countDistinct(delegations.costCentreId),
        projects: countDistinct(delegations.projectId),
      })
      .from(delegations)
      .where(and(eq(delegations.companyId, demo.id), eq(delegations.status, 'settled')));
    expect(row!.months).toBeGreaterThanOrEqual(10);
    expect(row!.centres).toBeGreaterThanOrEqual(2);
    expect(row!.projects).toBe(1);
  });

  it('gives every booking report something to show over the last twelve months', async () => {
    for (const kind of ['monthly', 'organization-unit', 'passenger', 'passenger-v2', 'airline', 'seat-class', 'domestic-foreign', 'service-type', 'service-type-production']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/booking/report/data?kind=${kind}&date_from=2025-11-01&date_to=2026-11-30`, headers: finance });
      expect(response.statusCode, kind).toBe(200);
      expect(response.json<BookingReport>().rows.length, kind).toBeGreaterThanOrEqual(2);
    }
    const monthly = (await t.app.inject({ method: 'GET', url: '/api/booking/report/data?kind=monthly&date_from=2025-11-01&date_to=2026-11-30', headers: finance })).json<BookingReport>();
    expect(monthly.rows.length).toBeGreaterThanOrEqual(11);
  });
});
