import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError, ErrorCode } from '@delego/domain';

/**
 * Request budgets, per minute. Every place that builds the app states them (the server from its
 * environment, tests and benches their own), so no configuration switches the protection off unseen.
 */
export interface RequestLimits {
  /** Requests from one address on the sign-in, password and one-time-link endpoints. */
  authPerMinute: number;
  /** Requests from one address on every route (the web app's files included). */
  perAddressPerMinute: number;
  /** Requests of one signed-in user on every route, whatever their address. */
  perUserPerMinute: number;
  /** Failed logins from one address, whatever the login, within an hour before further attempts wait a growing delay. */
  loginFailuresPerAddress: number;
  /** Files one user may upload a minute, over all upload routes. */
  uploadsPerUserPerMinute: number;
  /** Bytes the files one user uploaded may keep in the storage. */
  storedBytesPerUser: number;
}

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** The catalogue's 429 ('Too many requests', translated in the web app), with the seconds to wait. */
async function enforce(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  throw new AppError(ErrorCode.tooManyRequests, { messages: ['Too many requests'], params: { retryAfterSeconds: Math.max(1, result.ttlInSeconds ?? 60) } });
}

/**
 * Helmet's headers, built once: `@fastify/helmet` built the middleware again for every request (parsing the
 * CSP's directives each time), a few per cent of a request's CPU.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * Security headers (strict CSP, HSTS of a year) and the general rate limit per address, which runs
 * before anything else looks at a request (authentication included). Routes may add a stricter
 * budget of their own (`bindEndpoint`'s `rateLimitPerMinute`).
 */
export async function registerSecurity(app: FastifyInstance, limits: RequestLimits): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
  await app.register(rateLimit, { global: false });
  // The plugin's own hooks run once per request (the first one marks it), so the general budgets use
  // its counters through `createRateLimit` and answer in the catalogue's shape here.
  const perAddress = app.createRateLimit({ max: limits.perAddressPerMinute, timeWindow: 60_000, keyGenerator: (request) => `address:${request.ip}` });
  app.addHook('onRequest', async (request) => enforce(perAddress, request));
}

/**
 * The general rate limit per signed-in user, whatever address they call from; registered after
 * authentication, which names the user. Anonymous requests are counted per address only.
 */
export function registerUserRateLimit(app: FastifyInstance, limits: RequestLimits): void {
  const perUser = app.createRateLimit({
    max: limits.perUserPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `user:${request.actor?.userId ?? ''}`,
    allowList: (request) => request.actor === null,
  });
  app.addHook('onRequest', async (request) => enforce(perUser, request));
}
