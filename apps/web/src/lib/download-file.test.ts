import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadError, downloadFile, fileNameOf } from './download-file.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fileNameOf', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(fileNameOf(`attachment; filename="rachunek Krakow.pdf"; filename*=UTF-8''rachunek%20Krak%C3%B3w.pdf`, 'x')).toBe('rachunek Kraków.pdf');
    expect(fileNameOf('attachment; filename="bilet.pdf"', 'x')).toBe('bilet.pdf');
    expect(fileNameOf(null, 'plik')).toBe('plik');
  });
});

describe('downloadFile', () => {
  it('downloads the file under its name with the stored token', async () => {
    window.localStorage.setItem('delego.accessToken', 'token-1');
    const fetchMock = vi.fn(async () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-disposition': 'attachment; filename="a.pdf"' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(await downloadFile('/delegation/pdf', { id: 7 })).toBe('a.pdf');
    expect(fetchMock).toHaveBeenCalledWith('/api/delegation/pdf?id=7', { method: 'GET', headers: { Authorization: 'Bearer token-1' } });
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('rejects with the status and the reason the server gave', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 404, code: 'NOT_FOUND', messages: [], params: { reason: 'noFiles' } }), { status: 404, headers: { 'content-type': 'application/json' } })));
    await expect(downloadFile('/delegation/attachment/download-all', { id: 1 })).rejects.toEqual(new DownloadError(404, 'noFiles'));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 500 })));
    const failure = await downloadFile('/delegation/pdf', { id: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DownloadError);
    expect((failure as DownloadError).status).toBe(500);
  });
});
