import { useMemo } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@delego/domain';
import { FormAutocompleteField } from '../../../components/form/form-select-field.tsx';

/** A country's name in the reader's language ("Niemcy", "Germany"), or its code when the browser has none. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Chooses a country by typing its name; the value is its ISO code. */
export function FormCountryField<T extends FieldValues, TOut = T>({ control, name, label }: { control: Control<T, unknown, TOut>; name: Path<T>; label: string }) {
  const { i18n } = useTranslation();
  const options = useMemo(
    () => COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, i18n.language) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [i18n.language],
  );
  return <FormAutocompleteField control={control} name={name} label={label} options={options} />;
}
