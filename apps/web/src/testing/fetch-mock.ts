import { vi } from 'vitest';

export interface MockRequest {
  /** `METHOD /api/path`, e.g. `POST /api/auth/login`. */
  key: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export type MockHandler = MockAnswer | ((request: MockRequest) => MockAnswer | Promise<MockAnswer>);

/** An error body as the server sends it. */
export function errorAnswer(status: number, code: string, extra: { messages?: string[]; [key: string]: unknown } = {}): MockAnswer {
  return { status, body: { status, code, messages: [], ...extra } };
}

/**
 * Replaces `fetch` with handlers keyed by `METHOD /api/path`. Unknown requests answer 404,
 * so a test sees exactly the calls it expects.
 */
export function mockFetch(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const request: MockRequest = { key, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body, headers: new Headers(init.headers) };
    requests.push(request);
    const handler = handlers[key];
    const answer = typeof handler === 'function' ? await handler(request) : (handler ?? errorAnswer(404, 'NOT_FOUND'));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    requestsTo: (key: string) => requests.filter((request) => request.key === key),
  };
}
