import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A decimal string for display: two decimals at least, as many as it has, in the interface language. */
export function useDecimalFormat(): (value: string, minimumFractionDigits?: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const locale = i18n.language;
    return (value: string, minimumFractionDigits = 2) => {
      const decimals = Math.max(minimumFractionDigits, value.split('.')[1]?.length ?? 0);
      // Only the presentation goes through a number; the value itself stays the API's string.
      return new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits: decimals }).format(Number(value));
    };
  }, [i18n.language]);
}

/** Country names in the interface language (ISO 3166 codes), with the code as the fallback. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => {
      if (code === 'XK') return i18n.language === 'en-US' ? 'Kosovo' : 'Kosowo';
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
}

/** "from 2026-01-01" or "2026-01-01 – 2026-12-31". */
export function useValidityText(): (from: string, to: string | null) => string {
  const { t } = useTranslation('rates');
  return (from, to) => (to ? t('validity.range', { from, to }) : t('validity.from', { from }));
}
