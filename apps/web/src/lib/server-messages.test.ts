import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@delego/domain';
import { i18n } from './i18n.ts';
import { translateServerMessage } from './server-messages.ts';

describe('the error catalogue of spec §8', () => {
  it.each(['pl-PL', 'en-US'])('translates every catalogue text the server sends in %s, never with the generic text', async (language) => {
    await i18n.changeLanguage(language);
    const generic = i18n.t('generic', { ns: 'errors' });
    for (const text of Object.values(CATALOGUE_MESSAGES)) {
      const translated = translateServerMessage(text);
      expect(translated, text).not.toBe(generic);
      expect(translated.length, text).toBeGreaterThan(5);
    }
  });

  it('says in Polish that broken numbering integrity stops sending and acceptance', async () => {
    await i18n.changeLanguage('pl-PL');
    expect(translateServerMessage(CATALOGUE_MESSAGES.brokenNumberingIntegrity)).toBe('Nie można wysłać ani zaakceptować dokumentu z powodu naruszenia integralności numeracji – zmień numer dokumentu.');
    expect(translateServerMessage(CATALOGUE_MESSAGES.mapsLimitsExhausted)).toContain('Skontaktuj się z administratorem');
  });
});
