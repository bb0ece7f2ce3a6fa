import type { FastifyRequest } from 'fastify';

/**
 * One-time tokens travel in the single-use links (`/action-by-link/…/<token>`, the page and its API) and
 * possibly in a query parameter named after a token. A token in a log would let whoever reads the log use
 * the link, so the request log shows them as `[redacted]` (ASVS V14.2.1, V16.2.5).
 */
const LINK_ROOT = 'action-by-link';
/** The words of the link paths (web routes and API); any other segment under the root is a token. */
const LINK_WORDS = new Set(['user', 'passwordChange', 'password-change', 'delegation', 'delegationOrder', 'decision']);
const TOKEN_PARAMETER = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi;
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const queryStart = url.search(/[?#]/);
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : url.slice(queryStart);
  const segments = path.split('/');
  const root = segments.indexOf(LINK_ROOT);
  const redactedPath =
    root === -1 ? path : segments.map((segment, index) => (index > root && segment !== '' && !LINK_WORDS.has(segment) ? REDACTED : segment)).join('/');
  return redactedPath + rest.replace(TOKEN_PARAMETER, `$1${REDACTED}`);
}

/** Fastify's request serializer for the log, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
