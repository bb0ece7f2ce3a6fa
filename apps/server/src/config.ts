import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().optional(),
  /** HS256 secret for access tokens; when unset one is generated once and kept in DATA_DIR. */
  TOKEN_SECRET: z.string().min(32).optional(),
  /** The address users open, for links in e-mails. */
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Delego <no-reply@delego.local>'),
  /** Requests per minute and address on the authentication endpoints. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Requests per minute from one address on every route. A first visit loads about 40 files and an
   * active user makes a few calls a minute, so an office of a hundred people behind one address stays far below.
   */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(6000),
  /** Requests per minute of one signed-in user on every route (a busy screen makes a few dozen). */
  RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(1200),
  /** Failed logins per hour from one address, whatever the login, before further attempts wait a growing delay. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /** Files one user may upload a minute over all upload routes (a bill at a time, or a batch of a few dozen). */
  UPLOADS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Megabytes the files one user uploaded may keep stored (attachments and invoice files): years of trips. */
  UPLOAD_QUOTA_MB_PER_USER: z.coerce.number().int().min(1).default(2048),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NBP_API_URL: z.string().url().default('https://api.nbp.pl/api'),
  /** Set to `false` to stop the periodic NBP exchange-rate import (e.g. on a machine without network). */
  EXCHANGE_RATE_SYNC: z.enum(['true', 'false']).default('true'),
  /** Set to `false` to skip loading the demo company into an empty database. */
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  /** The built web app's folder; unset → `apps/web/dist` of this checkout. */
  WEB_DIST: z.string().optional(),
  /**
   * The maps service for the settlement's distance check: `google` (Distance Matrix, needs
   * GOOGLE_MAPS_API_KEY), `osrm` (an OSRM server at OSRM_URL) or `none` — the distance is then
   * estimated from the places' coordinates and labelled as an estimate.
   */
  MAPS_PROVIDER: z.enum(['google', 'osrm', 'none']).default('none'),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  OSRM_URL: z.string().url().optional(),
  /** How long a maps request may take before the estimate is used instead. */
  MAPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
}).superRefine((env, context) => {
  if (env.MAPS_PROVIDER === 'google' && !env.GOOGLE_MAPS_API_KEY) context.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_API_KEY'], message: 'MAPS_PROVIDER=google needs GOOGLE_MAPS_API_KEY' });
  if (env.MAPS_PROVIDER === 'osrm' && !env.OSRM_URL) context.addIssue({ code: 'custom', path: ['OSRM_URL'], message: 'MAPS_PROVIDER=osrm needs OSRM_URL' });
});

/** The maps service as configured: a provider with what it needs, or none. */
export type MapsConfig =
  | { provider: 'google'; googleApiKey: string; timeoutMs: number }
  | { provider: 'osrm'; osrmUrl: string; timeoutMs: number }
  | { provider: 'none' };

function mapsConfigOf(parsed: z.output<typeof envSchema>): MapsConfig {
  if (parsed.MAPS_PROVIDER === 'google' && parsed.GOOGLE_MAPS_API_KEY) return { provider: 'google', googleApiKey: parsed.GOOGLE_MAPS_API_KEY, timeoutMs: parsed.MAPS_TIMEOUT_MS };
  if (parsed.MAPS_PROVIDER === 'osrm' && parsed.OSRM_URL) return { provider: 'osrm', osrmUrl: parsed.OSRM_URL, timeoutMs: parsed.MAPS_TIMEOUT_MS };
  return { provider: 'none' };
}

export type Config = ReturnType<typeof loadConfig>;

/** Reads and checks the process environment once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    smtpUrl: parsed.SMTP_URL,
    tokenSecret: parsed.TOKEN_SECRET,
    publicUrl: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    mailFrom: parsed.MAIL_FROM,
    limits: {
      authPerMinute: parsed.AUTH_RATE_LIMIT,
      perAddressPerMinute: parsed.RATE_LIMIT_PER_ADDRESS,
      perUserPerMinute: parsed.RATE_LIMIT_PER_USER,
      loginFailuresPerAddress: parsed.LOGIN_FAILURES_PER_ADDRESS,
      uploadsPerUserPerMinute: parsed.UPLOADS_PER_USER_PER_MINUTE,
      storedBytesPerUser: parsed.UPLOAD_QUOTA_MB_PER_USER * 1024 * 1024,
    },
    logLevel: parsed.LOG_LEVEL,
    demoSeed: parsed.DEMO_SEED === 'true',
    nbpApiUrl: parsed.NBP_API_URL,
    exchangeRateSync: parsed.EXCHANGE_RATE_SYNC === 'true',
    webDist: parsed.WEB_DIST === undefined ? null : path.resolve(parsed.WEB_DIST),
    maps: mapsConfigOf(parsed),
  };
}
