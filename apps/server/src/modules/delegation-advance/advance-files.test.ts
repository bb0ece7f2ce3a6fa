import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { SAMPLE_PDF as PDF, SAMPLE_PNG as PNG } from '../../../test/sample-files.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';
import { attachments, delegationOrders } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

async function setup(settings: Parameters<typeof createTripCompany>[1] = {}) {
  const trip = await createTripCompany(t.db, settings);
  const headers = Object.fromEntries(
    await Promise.all((['employee', 'acceptor', 'finance', 'colleague', 'admin'] as const).map(async (key) => [key, await authHeaders(t.app, trip.company, trip[key])] as const)),
  ) as unknown as Record<'employee' | 'acceptor' | 'finance' | 'colleague' | 'admin', Headers>;
  return { ...trip, headers, orderId: await insertOrder(t.db, trip.company.id, trip.employee.id) };
}

/** The upload the advances screen makes: section `advance`, no form line. */
function upload(headers: Headers, fileName: string, content: Buffer, query = '?section=advance') {
  const boundary = `----delego${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: `/api/delegation/attachment/upload${query}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

async function uploaded(headers: Headers, fileName: string, content: Buffer = PDF): Promise<number> {
  const response = await upload(headers, fileName, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().attachment.id as number;
}

const advance = (orderId: number, overrides: Record<string, unknown> = {}) => ({
  delegation_order_id: orderId,
  amount_in_currency: '250.00',
  currency: 'PLN',
  payment_type: 'transfer',
  payment_date: null,
  comment: 'Hotel',
  ...overrides,
});

const download = (headers: Headers, id: number) => api.get(`/delegation-advance/attachment/download?id=${id}`, headers);

describe("an advance's files on the advances screen (spec §3 'Advance … files')", () => {
  it('are uploaded, saved with the advance, listed with it, and opened by its employee and the financial acceptor only', async () => {
    const s = await setup();
    const estimate = await uploaded(s.headers.employee, 'kosztorys.pdf');
    const receipt = await uploaded(s.headers.employee, 'kp.png', PNG);
    const saved = await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { files: [estimate, receipt] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().advance.files.map((file: { id: number; file_name: string; section: string }) => [file.id, file.file_name, file.section])).toEqual([
      [estimate, 'kosztorys.pdf', 'advance'],
      [receipt, 'kp.png', 'advance'],
    ]);
    const list = (await api.get('/delegation-advance/list', s.headers.employee)).json();
    expect(list.items[0].files.map((file: { id: number }) => file.id)).toEqual([estimate, receipt]);
    expect(list).toMatchObject({ attachment_max_mb: 3, pdf_attachment_only: false });
    // The trip order shows its advance's files too (read-only there).
    const order = (await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: s.orderId })).json().delegationOrder;
    expect(order.advances[0].files.map((file: { id: number }) => file.id)).toEqual([estimate, receipt]);
    const audit = await lastAuditRow(t.db, s.company.id, 'advance.create');
    expect(audit?.after).toMatchObject({ files: [estimate, receipt] });

    const mine = await download(s.headers.employee, estimate);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['content-disposition']).toContain('kosztorys.pdf');
    expect((await download(s.headers.finance, receipt)).rawPayload.equals(PNG)).toBe(true);
    // A colleague of the same company sees neither the advance nor its order; the settlement's download route does not serve it.
    expect((await download(s.headers.colleague, estimate)).statusCode).toBe(404);
    expect((await api.get(`/delegation/attachment/download?id=${estimate}`, s.headers.employee)).statusCode).toBe(404);
    const other = await setup();
    expect((await download(other.headers.admin, estimate)).statusCode).toBe(404);
    expect((await download(other.headers.finance, estimate)).statusCode).toBe(404);
  });

  it('are removed by saving the advance without them while it may be edited, and not once the order is sent', async () => {
    const s = await setup();
    const [first, second] = [await uploaded(s.headers.employee, 'pierwszy.pdf'), await uploaded(s.headers.employee, 'drugi.pdf')];
    const saved = (await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { files: [first, second] }))).json().advance;
    const [firstRow] = await t.db.select().from(attachments).where(eq(attachments.id, first));
    expect(await t.storage.get(firstRow!.storageKey)).not.toBeNull();

    const without = await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { id: saved.id, files: [second] }));
    expect(without.json().advance.files.map((file: { id: number }) => file.id)).toEqual([second]);
    expect(await t.db.select().from(attachments).where(eq(attachments.id, first))).toEqual([]);
    expect(await t.storage.get(firstRow!.storageKey)).toBeNull();
    // Left out of the body, the files stay as they are.
    const unchanged = await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { id: saved.id, comment: 'Hotel i bilety' }));
    expect(unchanged.json().advance.files.map((file: { id: number }) => file.id)).toEqual([second]);

    // Basic flow: once the order is sent the advance is decided with it, and its files stay.
    await t.db.update(delegationOrders).set({ status: 'submitted' }).where(eq(delegationOrders.id, s.orderId));
    const locked = await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { id: saved.id, files: [] }));
    expect(locked.statusCode).toBe(409);
    expect((await t.db.select().from(attachments).where(and(eq(attachments.ownerKind, 'advance'), eq(attachments.ownerId, saved.id)))).map((row) => row.id)).toEqual([second]);
  });

  it("refuses a colleague's upload, another company's file and the same file twice, and keeps them where they were", async () => {
    const s = await setup();
    const own = await uploaded(s.headers.employee, 'moj.pdf');
    const colleagues = await uploaded(s.headers.colleague, 'cudzy.pdf');
    const other = await setup();
    const foreign = await uploaded(other.headers.employee, 'obcy.pdf');
    const refused = await api.post('/delegation-advance/save', s.headers.employee, advance(s.orderId, { files: [own, colleagues, foreign, own] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: ['files', 3], code: 'delegation.fileAlreadyAttached' },
      { path: ['files', 1], code: 'delegation.unauthorisedFieldChange' },
      { path: ['files', 2], code: 'delegation.fileMissing' },
    ]);
    const rows = await t.db.select().from(attachments).where(eq(attachments.ownerKind, 'upload'));
    expect(rows.filter((row) => [own, colleagues, foreign].includes(row.id))).toHaveLength(3);
  });

  it("follow the company's file rules: only PDF with pdf_attachment_only, and its size limit ('Zbyt duży plik')", async () => {
    const s = await setup({ pdf_attachment_only: 1, attachment_max_mb: 1 });
    const png = await upload(s.headers.employee, 'kp.png', PNG);
    expect(png.statusCode).toBe(400);
    expect(png.json().issues).toEqual([{ path: ['file'], code: 'attachment.pdfOnly' }]);
    const large = await upload(s.headers.employee, 'duzy.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
    expect(large.statusCode).toBe(400);
    expect(large.json().issues).toEqual([{ path: ['file'], code: 'attachment.tooLarge', params: { max_mb: 1 } }]);
    expect((await upload(s.headers.employee, 'kosztorys.pdf', PDF)).statusCode).toBe(200);
    expect((await api.get('/delegation-advance/list', s.headers.employee)).json()).toMatchObject({ attachment_max_mb: 1, pdf_attachment_only: true });
    // A settlement line's file still names its line.
    expect((await upload(s.headers.employee, 'bilet.pdf', PDF, '?section=transport')).statusCode).toBe(400);
  });
});
