import { ApiError } from './api-client.ts';
import { readToken } from './token-storage.ts';

/**
 * Posts one file as `multipart/form-data` (field `file`) to an API path; the JSON client does not
 * send files. Rejects with `ApiError` carrying the server's issues.
 */
export async function uploadFile<T>(path: string, query: Record<string, string>, file: File): Promise<T> {
  const data = new FormData();
  data.append('file', file, file.name);
  const token = readToken();
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await fetch(`/api${path}${search ? `?${search}` : ''}`, {
      method: 'POST',
      headers: token
        ? { Authorization: `Bearer ${token}`, Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: data,
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR' });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body ?? {}) as Partial<{
      code: string;
      messages: string[];
      issues: ApiError['issues'];
      params: ApiError['params'];
      requestId: string;
    }>;
    throw new ApiError({
      status: response.status,
      code: error.code ?? `HTTP_${response.status}`,
      messages: error.messages,
      issues: error.issues,
      params: error.params,
      requestId: error.requestId,
    });
  }
  return body as T;
}
