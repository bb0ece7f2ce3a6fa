import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_ALLOWED_DRIFT_STEPS, TOTP_DIGITS, TOTP_PERIOD_SECONDS, normaliseOneTimeCode } from '@delego/domain';

/** The name authenticator apps show above the code. */
const ISSUER = 'Delego';
/** 160 bits, the size RFC 4226 §4 recommends for the shared secret (and the HMAC-SHA-1 block's natural key). */
const SECRET_BYTES = 20;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new random shared secret, base32 as authenticator apps take it typed. */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://` URI (Key URI format) an authenticator app reads from the QR code, and the QR code as an SVG data URL. */
export async function enrolmentPicture(secretBase32: string, account: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = totpOf(secretBase32, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step (counter) the typed code belongs to, within the allowed drift around `now`, or null
 * when it matches none. The caller accepts each step once per user.
 */
export function matchTotpStep(secretBase32: string, typed: string, now: Date): number | null {
  const totp = totpOf(secretBase32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: normaliseOneTimeCode(typed), timestamp, window: TOTP_ALLOWED_DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The code an authenticator shows at `now` (tests and the demo's documented account compute codes with it). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

/** Ten characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of five: about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Seals TOTP secrets (and other secrets kept for checking sign-ins, each `purpose` under its own key) at
 * rest with AES-256-GCM under a key derived (HKDF-SHA-256) from the server's secret, so a copy of the
 * database alone gives no working authenticator. A ciphertext that does not open (another server
 * secret, or altered) throws: the sign-in fails rather than skip the check.
 */
export function createSecretBox(serverSecret: string, purpose = 'totp-secret-at-rest') {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'delego', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed secret: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
