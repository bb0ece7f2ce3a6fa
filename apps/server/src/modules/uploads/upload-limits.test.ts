import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { SAMPLE_PDF } from '../../../test/sample-files.ts';
import { settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';

type Headers = Record<string, string>;
const UPLOADS_PER_MINUTE = 5;
const QUOTA_BYTES = 3 * SAMPLE_PDF.length + 100;

let t: TestApp;
let c: SettlementCompany;
let finance: Headers;
let otherFinance: Headers;

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-04-20T10:00:00Z',
    limits: { uploadsPerUserPerMinute: UPLOADS_PER_MINUTE, storedBytesPerUser: QUOTA_BYTES },
  });
  c = await settlementCompany(t.app, t.db);
  const permissions = ['viewInvoices', 'delegationAcceptFinancial', 'companyAdmin'] as const;
  finance = await authHeaders(t.app, c.company, await createUser(t.db, c.company, { permissions: [...permissions] }));
  otherFinance = await authHeaders(t.app, c.company, await createUser(t.db, c.company, { permissions: [...permissions] }));
});
afterAll(async () => t.close());

function upload(url: string, headers: Headers, content: Buffer = SAMPLE_PDF, fileName = 'plik.pdf') {
  const boundary = '----delegoQuotaBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const ATTACHMENT = '/delegation/attachment/upload?section=document';

describe('per-user upload rate', () => {
  it('counts every upload route against one budget per user and answers 429 with the wait at the file beyond it; another user is unaffected', async () => {
    const csv = Buffer.from('Nazwisko;Imię\n');
    const answers = [
      await upload(ATTACHMENT, finance),
      await upload('/invoice/upload', finance),
      await upload('/invoice/ksef-import', finance, Buffer.from('<?xml version="1.0"?><x/>'), 'k.xml'),
      await upload('/booking/import?mode=preview', finance, csv, 'b.csv'),
      await upload('/optima/import', finance, Buffer.from('<?xml version="1.0"?><x/>'), 'o.xml'),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).not.toBe(429);
    for (const url of [
      ATTACHMENT,
      '/invoice/upload',
      '/invoice/ksef-import',
      '/booking/import?mode=preview',
      '/optima/import',
    ]) {
      const refused = await upload(url, finance);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const body = refused.json();
      expect(body.code).toBe('TOO_MANY_REQUESTS');
      expect(body.issues).toEqual([
        {
          path: ['file'],
          code: 'attachment.uploadRate',
          params: { uploads: UPLOADS_PER_MINUTE, seconds: expect.any(Number) },
        },
      ]);
    }
    // Reading is not uploading: the same user still lists the invoices.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/invoice/list', headers: finance })).statusCode,
    ).toBe(200);
    expect((await upload('/invoice/upload', otherFinance)).statusCode).toBe(200);
  });
});

describe('per-user stored-bytes quota', () => {
  it("refuses with 413 at the file an attachment or an invoice that would take the user's stored files beyond the quota, storing nothing; another user is unaffected", async () => {
    const uploader = await authHeaders(t.app, c.company, c.employee);
    // The employee's quota: three sample PDFs fit, the fourth does not.
    for (let index = 0; index < 3; index += 1)
      expect((await upload(ATTACHMENT, uploader)).statusCode).toBe(200);
    const storedBefore = t.storage.size;
    const refused = await upload(ATTACHMENT, uploader);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      issues: [{ path: ['file'], code: 'attachment.quotaExceeded', params: { max_mb: 0 } }],
    });
    expect(t.storage.size).toBe(storedBefore);
    expect((await upload(ATTACHMENT, c.headers.colleague)).statusCode).toBe(200);
  });

  it('counts saved invoice files against the user who entered them', async () => {
    const user = await authHeaders(
      t.app,
      c.company,
      await createUser(t.db, c.company, { permissions: ['viewInvoices'] }),
    );
    for (let index = 0; index < 3; index += 1) {
      const token = (await upload('/invoice/upload', user)).json().file_token as string;
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/invoice/save',
        headers: user,
        payload: {
          number: `FV/Q/${index}`,
          issue_date: '2026-03-12',
          sale_date: '2026-03-12',
          received_date: '2026-03-13',
          due_date: '2026-03-26',
          seller_name: 'Hotel Kwota',
          seller_tax_id: '701-000-43-97',
          seller_address: 'ul. Poselska 22, 31-002 Kraków',
          seller_country: 'PL',
          currency: 'PLN',
          vat_lines: [{ rate: '8', net: '100.00', vat: '8.00' }],
          booking_ids: [],
          delegation_ids: [],
          file_token: token,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const refused = await upload('/invoice/upload', user);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().issues).toEqual([
      { path: ['file'], code: 'attachment.quotaExceeded', params: { max_mb: 0 } },
    ]);
    const ksef = await upload(
      '/invoice/ksef-import',
      user,
      Buffer.from(`<?xml version="1.0"?><x>${' '.repeat(200)}</x>`),
      'k.xml',
    );
    expect(ksef.statusCode).toBe(413);
  });
});
