import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, testRequestLimits, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { MemoryMailer } from '../mail/mailer.ts';
import { createNbpProvider } from '../../integrations/nbp/nbp-provider.ts';
import { delegationRates, exchangeRates, rateGroups, users } from '../../db/schema/index.ts';
import { companyRepo, type CompanyRecord } from '../company/company.repo.ts';
import { createCompanyRatesCache } from './company-rates-cache.ts';
import { rateBookRepo } from './rate-book.repo.ts';

let t: TestApp;
/** A second server process on the same database: its own caches, its own tokens. */
let otherProcess: FastifyInstance;
let company: CompanyRecord;
let employee: Record<string, string>;
let admin: Record<string, string>;
let employeeOnOtherProcess: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-20T10:00:00Z' });
  otherProcess = await buildApp({
    db: t.db,
    clock: t.clock,
    mailer: new MemoryMailer(),
    exchangeRateProvider: createNbpProvider({ baseUrl: 'https://api.nbp.test/api', fetchImpl: () => Promise.reject(new Error('offline')) }),
    distanceProvider: null,
    tokenSecret: `other-process-${randomUUID()}-${randomUUID()}`,
    publicUrl: 'http://delego.test',
    webDist: null,
    limits: testRequestLimits,
  });
  await otherProcess.ready();
  company = await createCompany(t.db);
  const person = await createUser(t.db, company);
  employee = await authHeaders(t.app, company, person);
  employeeOnOtherProcess = await authHeaders(otherProcess, company, person);
  admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
});

afterAll(async () => {
  await otherProcess.close();
  await t.close();
});

const rail = (start_date: string, end_date: string) => ({ transport_type: 'rail', settlement_type_id: 'ticketScan', start_date, end_date, amount_in_currency: '0.00', currency: 'PLN' });
/** A day in Germany, settled on the 12th. */
const dayInGermany = {
  start_date: '2026-03-11 06:00',
  end_date: '2026-03-11 20:00',
  settlement_date: '2026-03-12',
  transport: [rail('2026-03-11 06:00', '2026-03-11 07:00'), rail('2026-03-11 19:00', '2026-03-11 20:00')],
  country: [{ country_code: 'DE', in_date: '2026-03-11 06:00', out_date: '2026-03-11 20:00' }],
};

async function calculate(app: FastifyInstance, headers: Record<string, string>, delegation: Record<string, unknown> = dayInGermany) {
  const response = await app.inject({ method: 'POST', url: '/api/delegation/form-field-changed', headers, payload: { delegation, delegationErrors: [] } });
  expect(response.statusCode).toBe(200);
  return response.json() as { validation: { code: string }[]; calculated: { singleCountryCost: { delegation_rate: string; total_pln: string; exchange_rate: { rate: string } | null }[] } };
}

const save = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: admin, payload });

describe('the per-company rate cache of the settlement calculation', () => {
  it('uses an exchange rate entered after a calculation that missed it, on the very next calculation', async () => {
    expect((await calculate(t.app, employee)).validation).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'settlement.exchangeRateMissing' })]));
    expect((await save('/api/exchange-rate/save', { currency: 'EUR', date: '2026-03-11', rate: '4.3000' })).statusCode).toBe(200);
    const after = await calculate(t.app, employee);
    expect(after.validation).toEqual([]);
    expect(after.calculated.singleCountryCost[0]).toMatchObject({ delegation_rate: '49.00', total_pln: '210.70', exchange_rate: { rate: '4.300000' } });
  });

  it('applies a changed exchange rate and a new per-diem override at once, and forgets a deleted override at once', async () => {
    const [rate] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.companyId, company.id));
    expect((await save('/api/exchange-rate/save', { id: rate!.id, currency: 'EUR', date: '2026-03-11', rate: '4.5000' })).statusCode).toBe(200);
    expect((await calculate(t.app, employee)).calculated.singleCountryCost[0]).toMatchObject({ total_pln: '220.50' });

    const saved = await save('/api/settings/delegation-rate/custom/save', { group_id: null, country_code: 'DE', region: null, per_diem: '60.00', currency: 'EUR', hotel_limit: '200.00', valid_from: '2026-01-01', valid_to: null });
    expect(saved.statusCode).toBe(200);
    expect((await calculate(t.app, employee)).calculated.singleCountryCost[0]).toMatchObject({ delegation_rate: '60.00', total_pln: '270.00' });

    expect((await save('/api/settings/delegation-rate/custom/delete', { id: saved.json().delegation_rate.id })).statusCode).toBe(200);
    expect((await calculate(t.app, employee)).calculated.singleCountryCost[0]).toMatchObject({ delegation_rate: '49.00' });
  });

  it("sees a change made by another server process (or straight in the database) on its next request", async () => {
    // Both processes have the company's rates cached.
    expect((await calculate(otherProcess, employeeOnOtherProcess)).calculated.singleCountryCost[0]!.delegation_rate).toBe('49.00');
    expect((await calculate(t.app, employee)).calculated.singleCountryCost[0]!.delegation_rate).toBe('49.00');

    const [group] = await t.db.insert(rateGroups).values({ companyId: company.id, name: 'Handlowcy' }).returning();
    await t.db.insert(delegationRates).values({ companyId: company.id, groupId: group!.id, countryCode: 'DE', perDiem: '70.00', currency: 'EUR', hotelLimit: '200.00', validFrom: '2026-01-01' });
    // The employee signed in on both processes: the company's first user (the administrator came after).
    const [person] = await t.db.select().from(users).where(eq(users.companyId, company.id)).orderBy(asc(users.id)).limit(1);
    await t.db.update(users).set({ rateGroupId: group!.id }).where(eq(users.id, person!.id));

    const rateOf = async (app: FastifyInstance, headers: Record<string, string>) => (await calculate(app, headers)).calculated.singleCountryCost[0]!.delegation_rate;
    const member = await authHeaders(t.app, company, person!);
    expect(await rateOf(t.app, member)).toBe('70.00');
    expect(await rateOf(otherProcess, employeeOnOtherProcess)).toBe('70.00');
  });

  it("reads an employee's rate group once, and again on the next calculation after the employee moves to another group", async () => {
    const [sales, office] = await t.db
      .insert(rateGroups)
      .values([
        { companyId: company.id, name: 'Sprzedaż' },
        { companyId: company.id, name: 'Biuro' },
      ])
      .returning();
    await t.db.insert(delegationRates).values([
      { companyId: company.id, groupId: sales!.id, countryCode: 'DE', perDiem: '80.00', currency: 'EUR', hotelLimit: '200.00', validFrom: '2026-01-01' },
      { companyId: company.id, groupId: office!.id, countryCode: 'DE', perDiem: '55.00', currency: 'EUR', hotelLimit: '200.00', validFrom: '2026-01-01' },
    ]);
    const person = await createUser(t.db, company);
    await t.db.update(users).set({ rateGroupId: sales!.id }).where(eq(users.id, person.id));
    const headers = await authHeaders(t.app, company, person);
    const rateOf = async () => (await calculate(t.app, headers)).calculated.singleCountryCost[0]!.delegation_rate;
    const reads = vi.spyOn(rateBookRepo, 'rateGroupOfUser');
    try {
      for (let round = 0; round < 3; round += 1) expect(await rateOf()).toBe('80.00');
      expect(reads).toHaveBeenCalledTimes(1);
      // Only the user changes: the rates version stays, the actor version moves.
      const ratesVersion = (await companyRepo.findById(t.db, company.id))!.ratesVersion;
      await t.db.update(users).set({ rateGroupId: office!.id }).where(eq(users.id, person.id));
      expect((await companyRepo.findById(t.db, company.id))!.ratesVersion).toBe(ratesVersion);
      expect(await rateOf()).toBe('55.00');
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it("keeps one company's rates from another company's calculation", async () => {
    const other = await createCompany(t.db);
    const stranger = await authHeaders(t.app, other, await createUser(t.db, other));
    await t.db.insert(exchangeRates).values({ companyId: other.id, currency: 'EUR', rateDate: '2026-03-11', rate: '9.999900', source: 'manual' });
    expect((await calculate(t.app, stranger)).calculated.singleCountryCost[0]!.exchange_rate).toMatchObject({ rate: '9.999900' });
    expect((await calculate(t.app, employee)).calculated.singleCountryCost[0]!.exchange_rate!.rate).not.toBe('9.999900');
  });

  it('reads the company data once per rates version and each currency once, however many calculations follow', async () => {
    const fresh = await createCompany(t.db);
    await t.db.insert(exchangeRates).values({ companyId: fresh.id, currency: 'EUR', rateDate: '2026-03-11', rate: '4.300000', source: 'manual' });
    const version = (await companyRepo.findById(t.db, fresh.id))!.ratesVersion;
    const cache = createCompanyRatesCache();
    const reads = [vi.spyOn(rateBookRepo, 'rateGroups'), vi.spyOn(rateBookRepo, 'perDiemOverrides'), vi.spyOn(rateBookRepo, 'mileageRates'), vi.spyOn(rateBookRepo, 'exchangeRates')];
    try {
      for (let round = 0; round < 3; round += 1) {
        const book = await cache.rateBook(t.db, fresh.id, version, null);
        book.rateBook.exchangeRate('EUR', '2026-03-12', 'before');
        if (book.missing.size > 0) await cache.loadCurrencies(t.db, fresh.id, version, [...book.missing]);
      }
      expect(reads.map((read) => read.mock.calls.length)).toEqual([1, 1, 1, 1]);
      const book = await cache.rateBook(t.db, fresh.id, version, null);
      expect(book.rateBook.exchangeRate('EUR', '2026-03-12', 'before')).toMatchObject({ rate: '4.300000' });
      // A newer version reads the company again.
      await cache.rateBook(t.db, fresh.id, version + 1, null);
      expect(reads[0]!.mock.calls.length).toBe(2);
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it('raises the rates version once per statement, for the company whose rows changed', async () => {
    const first = await createCompany(t.db);
    const second = await createCompany(t.db);
    const versionOf = async (id: number) => (await companyRepo.findById(t.db, id))!.ratesVersion;
    const before = [await versionOf(first.id), await versionOf(second.id)];
    await t.db.insert(exchangeRates).values([
      { companyId: first.id, currency: 'USD', rateDate: '2026-03-10', rate: '4.000000', source: 'nbp' },
      { companyId: first.id, currency: 'USD', rateDate: '2026-03-11', rate: '4.100000', source: 'nbp' },
    ]);
    expect([await versionOf(first.id), await versionOf(second.id)]).toEqual([before[0]! + 1, before[1]]);
    await t.db.delete(exchangeRates).where(eq(exchangeRates.companyId, first.id));
    expect(await versionOf(first.id)).toBe(before[0]! + 2);
  });
});
