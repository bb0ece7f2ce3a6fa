import { readToken } from './token-storage.ts';

const API_BASE_PATH = '/api';

/** A download that did not give a file: the HTTP status (0 without an answer) and the server's reason, if any. */
export class DownloadError extends Error {
  readonly status: number;
  readonly reason: string | null;

  constructor(status: number, reason: string | null) {
    super(`download failed with ${status}`);
    this.name = 'DownloadError';
    this.status = status;
    this.reason = reason;
  }
}

/** The file name of a `Content-Disposition` header: the UTF-8 `filename*` when given, else `filename`. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

async function reasonOf(response: Response): Promise<string | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    const body: unknown = await response.json();
    const params = typeof body === 'object' && body !== null && 'params' in body ? (body as { params?: { reason?: unknown } }).params : undefined;
    return typeof params?.reason === 'string' ? params.reason : null;
  } catch {
    return null;
  }
}

/**
 * Spec §7 "File download helper": fetches a file under `/api` with the stored token (GET unless
 * told otherwise), names it from `Content-Disposition` and hands it to the browser as a download.
 * Rejects with `DownloadError`.
 */
export async function downloadFile(path: string, query: Record<string, string | number> = {}, options: { method?: 'GET' | 'POST'; fallbackName?: string } = {}): Promise<string> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}${search ? `?${search}` : ''}`, {
      method: options.method ?? 'GET',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new DownloadError(0, null);
  }
  if (!response.ok) throw new DownloadError(response.status, await reasonOf(response));
  const name = fileNameOf(response.headers.get('content-disposition'), options.fallbackName ?? 'plik');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has started reading the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
