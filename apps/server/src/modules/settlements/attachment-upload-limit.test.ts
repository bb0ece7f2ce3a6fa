import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SAMPLE_PDF, SAMPLE_PDF_TEXT } from '../../../test/sample-files.ts';
import { settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';

let t: TestApp;
let c: SettlementCompany;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  c = await settlementCompany(t.app, t.db, { attachment_max_mb: 1 });
  // A real socket: the client below streams its body in chunks without announcing its length, as browsers and scripts may.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const MiB = 1024 * 1024;

/** Uploads a PDF of `size` bytes (a small PDF padded with spaces) in 64 KiB chunks with `Transfer-Encoding: chunked`; answers status and body. */
function uploadChunked(size: number): Promise<{ status: number; body: { attachment?: { id: number; size?: number }; issues?: unknown } }> {
  const boundary = 'delegoChunkedBoundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="skan.pdf"\r\nContent-Type: application/pdf\r\n\r\n${SAMPLE_PDF_TEXT}`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/delegation/attachment/upload?section=document`,
      { method: 'POST', headers: { ...c.headers.employee, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.write(head);
    let left = size - SAMPLE_PDF.length;
    const pump = () => {
      while (left > 0) {
        const chunk = Buffer.alloc(Math.min(64 * 1024, left), 0x20);
        left -= chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}

describe('upload limit with a chunked client, and the download of what was stored', () => {
  it("refuses a file over the company's limit at the file field ('Zbyt duży plik'), storing nothing", async () => {
    const storedBefore = t.storage.size;
    const response = await uploadChunked(3 * MiB);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: ['file'], code: 'attachment.tooLarge', params: { max_mb: 1 } }]);
    expect(t.storage.size).toBe(storedBefore);
  });

  it('stores a file under the limit whole, never cut', async () => {
    const response = await uploadChunked(MiB - 4096);
    expect(response.status).toBe(200);
    const id = response.body.attachment!.id;
    const download = await t.app.inject({ method: 'GET', url: `/api/delegation/attachment/download?id=${id}`, headers: c.headers.employee });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(MiB - 4096);
    // Served as a download in a sandbox, never as a page of the app's origin.
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="skan.pdf"/);
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});
