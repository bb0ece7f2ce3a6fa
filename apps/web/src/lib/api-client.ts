import type { BodyOf, Endpoint, ErrorResponse, ParamsOf, QueryOf, ResponseOf } from '@delego/contract';
import { CATALOGUE_MESSAGES } from '@delego/domain';
import { readToken } from './token-storage.ts';

export const API_BASE_PATH = '/api';

/** `ApiError.code` when the request never reached the server. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** `ApiError.code` when the server answered with a body the contract does not describe. */
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

export type ApiIssue = NonNullable<ErrorResponse['issues']>[number];
type ApiParams = Record<string, string | number>;

/** A failed call: the HTTP status (0 for a network failure) and the parsed error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  readonly issues: ApiIssue[];
  readonly params: ApiParams;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: string; messages?: string[]; issues?: ApiIssue[]; params?: ApiParams; requestId?: string }) {
    super(`${init.status} ${init.code}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages ?? [];
    this.issues = init.issues ?? [];
    this.params = init.params ?? {};
    this.requestId = init.requestId;
  }
}

/**
 * What the client reports to the app shell, which owns the notifications, the session
 * and the router. Kept as events so this module stays free of React.
 */
export type ApiEvent =
  | { type: 'messages'; messages: string[]; variant: 'success' | 'error' }
  | { type: 'networkError' }
  | { type: 'serviceUnavailable' }
  | { type: 'unexpected'; requestId: string | undefined }
  | { type: 'unauthorized' }
  | { type: 'forbidden' };

type ApiEventHandler = (event: ApiEvent) => void;
let eventHandler: ApiEventHandler | null = null;

/** Registers the shell's handler; returns the function that removes it. */
export function setApiEventHandler(handler: ApiEventHandler): () => void {
  eventHandler = handler;
  return () => {
    if (eventHandler === handler) eventHandler = null;
  };
}

function emit(event: ApiEvent): void {
  eventHandler?.(event);
}

/** For code the app fetches on demand outside `call` (a screen's schema): its failed fetch is the same network error. */
export function reportNetworkError(): void {
  emit({ type: 'networkError' });
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * False when the caller shows the failure itself (e.g. the login dialogs), so the
   * server's messages are not also shown as notifications.
   */
  notifyErrors?: boolean;
  /** False when a 401 is an expected answer that must not end the session and redirect. */
  handleUnauthorized?: boolean;
  /** Sends this token instead of the stored one (logout after the token was already removed). */
  token?: string;
}

type InputField<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
type CallInput<E> = InputField<'body', BodyOf<E>> & InputField<'query', QueryOf<E>> & InputField<'params', ParamsOf<E>>;
// The input argument may be left out only when the endpoint takes no body, query or params.
type CallArgs<E> = object extends CallInput<E>
  ? [input?: CallInput<E>, options?: CallOptions]
  : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls one contract endpoint under `/api` with the stored token. Resolves with the
 * response parsed by the contract's schema; rejects with `ApiError`. Notifications,
 * the 401 redirect and the 403 dialog are reported through `setApiEventHandler`.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<ResponseOf<E>> {
  const fields = (input ?? {}) as { body?: unknown; query?: unknown; params?: unknown };
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (fields.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(fields.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, fields.params, fields.query), {
      method: endpoint.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    emit({ type: 'networkError' });
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const error = await toApiError(response.status, payload);
    reportFailure(endpoint, error, payload !== undefined, options);
    throw error;
  }

  const messages = readMessages(payload);
  if (messages.length > 0) emit({ type: 'messages', messages, variant: 'success' });
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    emit({ type: 'unexpected', requestId: undefined });
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE_CODE });
  }
  return parsed.data as ResponseOf<E>;
}

function reportFailure(endpoint: Endpoint, error: ApiError, hasBody: boolean, options: CallOptions): void {
  // A 401 from a public endpoint (a wrong password) is an answer, not a lost session.
  if (error.status === 401 && !endpoint.isPublic && options.handleUnauthorized !== false) {
    emit({ type: 'unauthorized' });
  } else if (error.status === 403 && error.code === 'FORBIDDEN') {
    // A refusal that names its reason from the catalogue (e.g. no right to edit a user's order) says
    // that reason, once, instead of the generic dialog (or lets the caller say it); any other 403 keeps the dialog alone.
    const reasons = [...new Set(error.messages.filter(isCatalogueMessage))];
    if (reasons.length === 0) emit({ type: 'forbidden' });
    else if (options.notifyErrors !== false) emit({ type: 'messages', messages: reasons, variant: 'error' });
    return;
  }
  if (options.notifyErrors === false) return;
  if (error.messages.length > 0) emit({ type: 'messages', messages: error.messages, variant: 'error' });
  else if (!hasBody && error.status >= 500) emit({ type: 'serviceUnavailable' });
  else if (error.status >= 500) emit({ type: 'unexpected', requestId: error.requestId });
}

const CATALOGUE_TEXTS: ReadonlySet<string> = new Set(Object.values(CATALOGUE_MESSAGES));
const isCatalogueMessage = (message: string) => CATALOGUE_TEXTS.has(message);

function buildUrl(path: string, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${API_BASE_PATH}${filled}${queryString ? `?${queryString}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The error body's schema (zod) is fetched with the first failed call, not with the login page
 * (issue 13: the login route's JavaScript); every screen beyond it has zod already. Should that fetch
 * fail, the body is read as one the contract does not describe.
 */
async function toApiError(status: number, payload: unknown): Promise<ApiError> {
  const schema = await import('@delego/contract/define-endpoint').then(({ errorResponseSchema }) => errorResponseSchema, () => null);
  const parsed = schema?.safeParse(payload);
  if (!parsed?.success) return new ApiError({ status, code: `HTTP_${status}`, messages: readMessages(payload) });
  const { code, messages, issues, params, requestId } = parsed.data;
  return new ApiError({ status, code, messages, issues, params, requestId });
}

function readMessages(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null || !('messages' in payload) || !Array.isArray(payload.messages)) return [];
  return payload.messages.filter((message): message is string => typeof message === 'string' && message.length > 0);
}
