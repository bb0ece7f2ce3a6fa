import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { CATALOGUE_MESSAGES, catalogueIssueCode } from '@delego/domain';
import { explanationText, issueText } from './messages.ts';

const foreign = (partial_doba: string) => ({
  code: 'calc.perDiem.foreign',
  params: { count: 2, hours: partial_doba === 'none' ? 0 : 5, minutes: 0, partial_doba, timeParagraph: '§ 12', paragraph: '§ 13 ust. 3' },
});

afterEach(async () => {
  await i18n.changeLanguage('pl-PL');
});

describe('per-diem explanations', () => {
  it('names the share of the incomplete doba in words, and none when the stay ends on a full doba', async () => {
    await i18n.changeLanguage('pl-PL');
    expect(explanationText(i18n, foreign('1/3'))).toBe(
      'Czas pobytu za granicą (§ 12): 2 doby 5 h 0 min. Za każdą dobę dieta w pełnej wysokości, za niepełną dobę do 8 godzin 1/3 diety (§ 13 ust. 3).',
    );
    expect(explanationText(i18n, foreign('none'))).toBe('Czas pobytu za granicą (§ 12): 2 doby 0 h 0 min. Za każdą dobę dieta w pełnej wysokości (§ 13 ust. 3).');
    expect(
      explanationText(i18n, { code: 'calc.perDiem.domesticLong', params: { count: 4, hours: 3, minutes: 0, partial_doba: '1/2', paragraph: '§ 7 ust. 2 pkt 2' } }),
    ).toBe('Czas podróży krajowej: 4 doby 3 h 0 min. Za każdą dobę dieta w pełnej wysokości, za rozpoczętą dobę do 8 godzin 50% diety (§ 7 ust. 2 pkt 2).');
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en-US');
    expect(explanationText(i18n, foreign('1/2'))).toBe(
      'Time abroad (§ 12): 2 days 5 h 0 min (a day – doba – counts 24 hours). The full per diem for every full day, 1/2 of it for the incomplete day of over 8 up to 12 hours (§ 13 ust. 3).',
    );
  });
});

describe('a maps limit said at a field', () => {
  it('reads the spec §8 catalogue texts, in Polish and in English', async () => {
    const exhausted = { code: catalogueIssueCode(CATALOGUE_MESSAGES.mapsLimitsExhausted) };
    expect(issueText(i18n, exhausted)).toBe('Wyczerpano limity usługi map (wyszukiwanie miejsc, geokodowanie, odległości). Skontaktuj się z administratorem.');
    expect(issueText(i18n, { code: catalogueIssueCode(CATALOGUE_MESSAGES.mapQuotaExceeded) })).toBe('Przekroczono limit zapytań do usługi map. Spróbuj ponownie później.');
    await i18n.changeLanguage('en-US');
    expect(issueText(i18n, exhausted)).toBe('The limits of the maps service (places, geocoding, distances) are used up. Contact the administrator.');
  });
});
