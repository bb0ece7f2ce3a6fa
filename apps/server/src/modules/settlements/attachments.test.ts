import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { SAMPLE_PDF as PDF, SAMPLE_PNG as PNG } from '../../../test/sample-files.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { updateCompanySettings } from '../../../test/trips.ts';
import { attachments, auditLog } from '../../db/schema/index.ts';
import { cleanUpUnlinkedUploads, UNLINKED_UPLOAD_MAX_AGE_HOURS } from '../../jobs/attachment-cleanup.ts';
import { ManualClock } from '../../lib/clock.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
const NOW = '2026-04-20T10:00:00Z';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF rachunek')]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.from('zdjęcie')]);
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00 program');

function upload(headers: Headers, query: string, fileName: string, content: Buffer, declaredType = 'application/pdf') {
  const boundary = `----delego${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${declaredType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: `/api/delegation/attachment/upload${query}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

async function uploaded(headers: Headers, query: string, fileName: string, content: Buffer): Promise<number> {
  const response = await upload(headers, query, fileName, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().attachment.id as number;
}

/** Entry names and contents of a stored ZIP, read through its central directory. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, Buffer>();
  let position = archive.readUInt32LE(end + 16);
  for (let index = 0; index < archive.readUInt16LE(end + 10); index += 1) {
    const crc = archive.readUInt32LE(position + 16);
    const size = archive.readUInt32LE(position + 20);
    const nameLength = archive.readUInt16LE(position + 28);
    const offset = archive.readUInt32LE(position + 42);
    const name = archive.subarray(position + 46, position + 46 + nameLength).toString('utf8');
    const start = offset + 30 + archive.readUInt16LE(offset + 26);
    const content = archive.subarray(start, start + size);
    expect(zlib.crc32(content)).toBe(crc);
    entries.set(name, content);
    position += 46 + nameLength;
  }
  return entries;
}

describe('settlement attachments', () => {
  let c: SettlementCompany;
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
  });

  it('places files uploaded on a transport segment, an accommodation, an other cost and the settlement at the next save', async () => {
    const ticket = await uploaded(c.headers.employee, '?section=transport&item_key=transport.0', 'bilet-tam.pdf', PDF);
    const hotel = await uploaded(c.headers.employee, '?section=accommodation&item_key=country.0.accommodation.0', 'rachunek hotel Kraków.jpg', JPEG);
    const parking = await uploaded(c.headers.employee, '?section=other&item_key=other.0', 'parking.png', PNG);
    const note = await uploaded(c.headers.employee, '?section=document', 'notatka.heic', HEIC);
    expect(await lastAuditRow(t.db, c.company.id, 'attachment.upload')).toMatchObject({ entityId: String(note) });

    const form = domesticForm({
      file: [note],
      other: [{ type_id: 'parking', payment_type_id: 'cash', amount_in_currency: '40.00', currency: 'PLN', bill_date: '2026-03-10', file_id: parking }],
    });
    form.transport[0] = { ...form.transport[0]!, file_id: ticket } as (typeof form.transport)[number];
    form.country[0] = {
      ...form.country[0]!,
      accommodation: [{ settlement_type_id: 'invoiceWorkerPayment', start_date: '2026-03-10 10:00', end_date: '2026-03-10 17:00', amount_in_currency: '300.00', currency: 'PLN', file_id: hotel }],
    } as (typeof form.country)[number];
    const response = await api.post('/delegation/save-standard', c.headers.employee, { delegation: form });
    expect(response.json().status, response.body).toBe('OK');
    const saved = response.json().delegation;
    expect(saved.attachments.map((file: { id: number; section: string; item_key: string | null; content_type: string }) => [file.id, file.section, file.item_key, file.content_type])).toEqual([
      [ticket, 'transport', 'transport.0', 'application/pdf'],
      [hotel, 'accommodation', 'country.0.accommodation.0', 'image/jpeg'],
      [parking, 'other', 'other.0', 'image/png'],
      [note, 'document', null, 'image/heic'],
    ]);

    // One file, named by content-disposition, for whoever may see the settlement.
    const download = await api.get(`/delegation/attachment/download?id=${hotel}`, c.headers.employee);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="rachunek hotel Krakow.jpg"; filename*=UTF-8''rachunek%20hotel%20Krak%C3%B3w.jpg`);
    expect(download.rawPayload.equals(JPEG)).toBe(true);
    expect((await api.get(`/delegation/attachment/download?id=${hotel}`, c.headers.admin)).statusCode).toBe(200);
    expect((await api.get(`/delegation/attachment/download?id=${hotel}`, c.headers.colleague)).statusCode).toBe(404);
    const other = await settlementCompany(t.app, t.db);
    expect((await api.get(`/delegation/attachment/download?id=${hotel}`, other.headers.admin)).statusCode).toBe(404);

    // All of them as one ZIP.
    const zip = await api.get(`/delegation/attachment/download-all?id=${saved.id}`, c.headers.employee);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['bilet-tam.pdf', 'rachunek hotel Kraków.jpg', 'parking.png', 'notatka.heic']);
    expect(entries.get('bilet-tam.pdf')!.equals(PDF)).toBe(true);

    // A file the form no longer names leaves with the next save.
    const without = { ...saved.form, file: [] };
    const resaved = await api.post('/delegation/save-standard', c.headers.employee, { delegation: without, version: saved.version });
    expect(resaved.json().delegation.attachments.map((file: { id: number }) => file.id)).toEqual([ticket, hotel, parking]);
    expect(await t.db.select().from(attachments).where(eq(attachments.id, note))).toEqual([]);
  });

  it("places an advance's files (spec §3) at the save, lets only who may see the settlement download them, and refuses another user's or company's file", async () => {
    const confirmation = await uploaded(c.headers.employee, '?section=advance&item_key=advance.0', 'potwierdzenie przelewu.pdf', PDF);
    const receipt = await uploaded(c.headers.employee, '?section=advance&item_key=advance.0', 'kp.png', PNG);
    const advance = { amount_in_currency: '200.00', currency: 'PLN', payment_type: 'transfer', payment_date: '2026-03-01', status: 'paid', files: [confirmation, receipt] };
    const response = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ advances: [advance] }, '2026-03-23') });
    expect(response.json().status, response.body).toBe('OK');
    const saved = response.json().delegation;
    expect(saved.form.advances[0].files).toEqual([confirmation, receipt]);
    expect(saved.attachments.map((file: { id: number; section: string; item_key: string | null }) => [file.id, file.section, file.item_key])).toEqual([
      [confirmation, 'advance', 'advance.0'],
      [receipt, 'advance', 'advance.0'],
    ]);
    expect((await api.get(`/delegation/attachment/download?id=${confirmation}`, c.headers.employee)).rawPayload.equals(PDF)).toBe(true);
    expect((await api.get(`/delegation/attachment/download?id=${confirmation}`, c.headers.colleague)).statusCode).toBe(404);
    const other = await settlementCompany(t.app, t.db);
    expect((await api.get(`/delegation/attachment/download?id=${confirmation}`, other.headers.admin)).statusCode).toBe(404);

    // A colleague's waiting upload, and a file of another company, cannot be named by the employee's advance.
    const colleagues = await uploaded(c.headers.colleague, '?section=advance&item_key=advance.0', 'cudzy.pdf', PDF);
    const foreign = await uploaded(other.headers.employee, '?section=advance&item_key=advance.0', 'obcy.pdf', PDF);
    const refused = await api.post('/delegation/save-standard', c.headers.employee, {
      delegation: { ...saved.form, advances: [{ ...saved.form.advances[0], files: [confirmation, colleagues, foreign] }] },
      version: saved.version,
    });
    expect(refused.json().status).toBe('validationError');
    expect(refused.json().issues).toEqual([
      { path: ['advances', 0, 'files', 1], code: 'delegation.unauthorisedFieldChange' },
      { path: ['advances', 0, 'files', 2], code: 'delegation.fileMissing' },
    ]);
    const stillOwned = await t.db.select().from(attachments).where(inArray(attachments.id, [colleagues, foreign]));
    expect(stillOwned.map((row) => row.ownerKind)).toEqual(['upload', 'upload']);

    // Removed from the advance, the file leaves with the save.
    const resaved = await api.post('/delegation/save-standard', c.headers.employee, {
      delegation: { ...saved.form, advances: [{ ...saved.form.advances[0], files: [receipt] }] },
      version: saved.version,
    });
    expect(resaved.json().delegation.attachments.map((file: { id: number }) => file.id)).toEqual([receipt]);
    expect(await t.db.select().from(attachments).where(eq(attachments.id, confirmation))).toEqual([]);
  });

  it("answers 'Brak załączonych plików' (404, reason noFiles) for a settlement without files", async () => {
    const response = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({}, '2026-03-11') });
    const id = response.json().delegation.id;
    const zip = await api.get(`/delegation/attachment/download-all?id=${id}`, c.headers.employee);
    expect(zip.statusCode).toBe(404);
    expect(zip.json()).toMatchObject({ code: 'NOT_FOUND', messages: ['No attached files'], params: { reason: 'noFiles' } });
    expect((await api.get(`/delegation/attachment/download-all?id=${id}`, c.headers.colleague)).json().params).toBeUndefined();
  });

  it("refuses a file above the company's limit ('Zbyt duży plik')", async () => {
    const d = await settlementCompany(t.app, t.db, { attachment_max_mb: 1 });
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);
    const response = await upload(d.headers.employee, '?section=document', 'duzy.pdf', tooLarge);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['file'], code: 'attachment.tooLarge', params: { max_mb: 1 } }]);
    expect(await t.db.select().from(attachments).where(eq(attachments.companyId, d.company.id))).toEqual([]);
    // The default limit is 3 MB.
    const justUnder = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024 - PDF.length)]);
    expect((await upload(c.headers.employee, '?section=document', 'limit.pdf', justUnder)).statusCode).toBe(200);
    expect((await upload(c.headers.employee, '?section=document', 'ponad.pdf', Buffer.concat([justUnder, Buffer.from('x')]))).json().issues[0].code).toBe('attachment.tooLarge');
  });

  it('checks the content, not the name or the declared type', async () => {
    const renamed = await upload(c.headers.employee, '?section=document', 'faktura.pdf', EXE, 'application/pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().issues).toEqual([{ path: ['file'], code: 'attachment.unsupportedType' }]);
    const empty = await upload(c.headers.employee, '?section=document', 'pusty.pdf', Buffer.alloc(0));
    expect(empty.json().issues).toEqual([{ path: ['file'], code: 'attachment.empty' }]);
    const pdfNamedJpg = await upload(c.headers.employee, '?section=document', 'skan.jpg', PDF, 'image/jpeg');
    expect(pdfNamedJpg.json().attachment.content_type).toBe('application/pdf');
  });

  it("refuses a file that has a PDF's header but does not parse as a PDF", async () => {
    const d = await settlementCompany(t.app, t.db);
    const page = Buffer.from('<!doctype html><html><head><title>%PDF-1.7</title></head><body><script>fetch("/api/user/me")</script></body></html>');
    const html = await upload(d.headers.employee, '?section=document', 'faktura.pdf', page);
    expect(html.statusCode).toBe(400);
    expect(html.json().issues).toEqual([{ path: ['file'], code: 'attachment.unsupportedType' }]);
    const headerFirst = await upload(d.headers.employee, '?section=document', 'rachunek.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), page]));
    expect(headerFirst.json().issues).toEqual([{ path: ['file'], code: 'attachment.unsupportedType' }]);
    await updateCompanySettings(t.db, d.company, { pdf_attachment_only: 1 });
    const pdfOnly = await upload(d.headers.employee, '?section=document', 'rachunek.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), page]));
    expect(pdfOnly.json().issues).toEqual([{ path: ['file'], code: 'attachment.pdfOnly' }]);
    expect(await t.db.select().from(attachments).where(eq(attachments.companyId, d.company.id))).toEqual([]);
  });

  it('accepts only PDF files when the company says pdf_attachment_only', async () => {
    const d = await settlementCompany(t.app, t.db);
    await updateCompanySettings(t.db, d.company, { pdf_attachment_only: 1 });
    const headers = d.headers.employee;
    const photo = await upload(headers, '?section=document', 'zdjecie.jpg', JPEG, 'image/jpeg');
    expect(photo.statusCode).toBe(400);
    expect(photo.json().issues).toEqual([{ path: ['file'], code: 'attachment.pdfOnly' }]);
    expect((await upload(headers, '?section=document', 'rachunek.pdf', PDF)).statusCode).toBe(200);
  });

  it('refuses a request without a file, a wrong place, and someone else using my upload', async () => {
    const notMultipart = await api.post('/delegation/attachment/upload?section=document', c.headers.employee, {});
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().issues).toEqual([{ path: ['file'], code: 'attachment.fileMissing' }]);
    expect((await upload(c.headers.employee, '?section=transport', 'bilet.pdf', PDF)).statusCode).toBe(400);
    expect((await upload(c.headers.employee, '?section=transport&item_key=../../x', 'bilet.pdf', PDF)).statusCode).toBe(400);
    const mine = await uploaded(c.headers.employee, '?section=document', 'moje.pdf', PDF);
    const stolen = await api.post('/delegation/save-standard', c.headers.colleague, { delegation: domesticForm({ file: [mine] }, '2026-03-12') });
    expect(stolen.json().issues).toEqual([{ path: ['file', 0], code: 'delegation.unauthorisedFieldChange' }]);
    expect((await api.get(`/delegation/attachment/download?id=${mine}`, c.headers.colleague)).statusCode).toBe(404);
    const missing = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ file: [99999999] }, '2026-03-12') });
    expect(missing.json().issues).toEqual([{ path: ['file', 0], code: 'delegation.fileMissing' }]);
  });

  it('lets the uploader remove a waiting upload and nobody else', async () => {
    const id = await uploaded(c.headers.employee, '?section=document', 'pomylka.pdf', PDF);
    expect((await api.post('/delegation/attachment/delete', c.headers.colleague, { id })).statusCode).toBe(404);
    expect((await api.post('/delegation/attachment/delete', c.headers.employee, { id })).json()).toEqual({ status: 'OK' });
    expect(await t.db.select().from(attachments).where(eq(attachments.id, id))).toEqual([]);
    expect(await lastAuditRow(t.db, c.company.id, 'attachment.delete')).toMatchObject({ entityId: String(id) });
  });
});

describe('uploads no saved settlement took over', () => {
  /** Runs the cleanup job as if it were `hoursLater` after the uploads of these tests. */
  const runCleanup = (hoursLater: number) => cleanUpUnlinkedUploads({ db: t.db, clock: new ManualClock(new Date(Date.parse(NOW) + hoursLater * HOUR)), attachments: t.app.services.attachments, log: t.app.log });
  const rowsOf = (ids: number[]) => t.db.select().from(attachments).where(inArray(attachments.id, ids)).orderBy(asc(attachments.id));
  const storageKeyOf = async (id: number) => (await rowsOf([id]))[0]!.storageKey;

  /** An upload made `hoursLater` (moved in the table: moving the app's clock that far would end the sessions). */
  async function uploadedAt(hoursLater: number, headers: Headers, fileName: string): Promise<number> {
    const id = await uploaded(headers, '?section=document', fileName, PDF);
    await t.db.update(attachments).set({ createdAt: new Date(Date.parse(NOW) + hoursLater * HOUR) }).where(eq(attachments.id, id));
    return id;
  }

  it(`are deleted ${UNLINKED_UPLOAD_MAX_AGE_HOURS} hours after the upload, company by company, with their contents and an audit row each`, async () => {
    expect(UNLINKED_UPLOAD_MAX_AGE_HOURS).toBe(24);
    const c = await settlementCompany(t.app, t.db);
    const d = await settlementCompany(t.app, t.db);
    const abandoned = await uploaded(c.headers.employee, '?section=document', 'porzucony.pdf', PDF);
    const placed = await uploaded(c.headers.employee, '?section=document', 'w-rozliczeniu.pdf', PDF);
    expect((await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ file: [placed] }) })).json().status).toBe('OK');
    const fresh = await uploadedAt(12, c.headers.employee, 'swiezy.pdf');
    const elsewhere = await uploaded(d.headers.colleague, '?section=document', 'inna-firma.pdf', PDF);
    const keys = new Map(await Promise.all([abandoned, placed, fresh, elsewhere].map(async (id) => [id, await storageKeyOf(id)] as const)));

    // Exactly a day old is not older than a day.
    await runCleanup(24);
    expect((await rowsOf([abandoned, placed, fresh, elsewhere])).map((row) => row.id)).toEqual([abandoned, placed, fresh, elsewhere]);

    await runCleanup(24 + 1 / 60);
    expect((await rowsOf([abandoned, placed, fresh, elsewhere])).map((row) => [row.id, row.ownerKind])).toEqual([
      [placed, 'delegation'],
      [fresh, 'upload'],
    ]);
    expect(await t.storage.get(keys.get(abandoned)!)).toBeNull();
    expect(await t.storage.get(keys.get(elsewhere)!)).toBeNull();
    expect((await t.storage.get(keys.get(placed)!))!.equals(PDF)).toBe(true);
    expect((await t.storage.get(keys.get(fresh)!))!.equals(PDF)).toBe(true);

    // Each company's audit trail tells what went and who had uploaded it; the job acts as nobody.
    for (const [company, id, uploader, fileName] of [
      [c.company, abandoned, c.employee, 'porzucony.pdf'],
      [d.company, elsewhere, d.colleague, 'inna-firma.pdf'],
    ] as const) {
      const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'attachment.deleteUnlinked')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ entityType: 'attachment', entityId: String(id), userId: null, contextUserId: null, requestId: 'job:attachment-cleanup', after: null });
      expect(audits[0]!.before).toMatchObject({ id, file_name: fileName, section: 'document', uploaded_by_id: uploader.id, created_at: '2026-04-20T10:00:00.000Z' });
    }

    // A settlement saved later with the deleted upload is told the file is missing.
    const late = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ file: [abandoned] }, '2026-03-11') });
    expect(late.json().issues).toEqual([{ path: ['file', 0], code: 'delegation.fileMissing' }]);

    // The fresh upload goes a day after it was made.
    await runCleanup(12 + 24 + 1 / 60);
    expect(await rowsOf([fresh])).toEqual([]);
  });

  it("deletes a saved settlement's file at the save that drops it; an upload the saved form never named is left to the cleanup", async () => {
    const c = await settlementCompany(t.app, t.db);
    const kept = await uploaded(c.headers.employee, '?section=document', 'zostaje.pdf', PDF);
    const dropped = await uploaded(c.headers.employee, '?section=document', 'usuniety.pdf', PDF);
    const neverNamed = await uploaded(c.headers.employee, '?section=document', 'niewskazany.pdf', PDF);
    const [droppedKey, neverNamedKey] = [await storageKeyOf(dropped), await storageKeyOf(neverNamed)];
    const saved = (await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ file: [kept, dropped] }) })).json().delegation;

    const resaved = await api.post('/delegation/save-standard', c.headers.employee, { delegation: { ...saved.form, file: [kept] }, version: saved.version });
    expect(resaved.json().delegation.attachments.map((file: { id: number }) => file.id)).toEqual([kept]);
    expect(await rowsOf([dropped])).toEqual([]);
    expect(await t.storage.get(droppedKey)).toBeNull();
    // Still the uploader's to use, until the cleanup.
    expect((await rowsOf([neverNamed]))[0]).toMatchObject({ ownerKind: 'upload', ownerId: c.employee.id });
    expect((await t.storage.get(neverNamedKey))!.equals(PDF)).toBe(true);

    await runCleanup(25);
    expect(await rowsOf([neverNamed])).toEqual([]);
    expect(await t.storage.get(neverNamedKey)).toBeNull();
    expect((await rowsOf([kept]))[0]).toMatchObject({ ownerKind: 'delegation', ownerId: saved.id });
  });

  it('refuses to place a file that stopped being the uploader\'s waiting upload after the save checked it', async () => {
    const c = await settlementCompany(t.app, t.db);
    const saved = (await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({}) })).json().delegation;
    const gone = await uploaded(c.headers.employee, '?section=document', 'skasowany.pdf', PDF);
    const colleagues = await uploaded(c.headers.colleague, '?section=document', 'cudzy.pdf', PDF);
    await runCleanup(25);
    const place = (id: number) =>
      t.app.services.attachments.placeFiles(t.db, c.company.id, { kind: 'delegation', id: saved.id }, [{ id, path: ['file', 0], section: 'document', itemKey: null }], c.employee.id);
    for (const id of [gone, colleagues]) {
      const refusal = await place(id).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).issues).toEqual([{ path: ['file', 0], code: 'delegation.fileMissing' }]);
    }
  });
});
