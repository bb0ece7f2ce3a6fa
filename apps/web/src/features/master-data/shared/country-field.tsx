import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@delego/domain';
import { fieldErrorText } from '../../../lib/form-errors.ts';

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
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  const options = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, label: countryName(code, i18n.language) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [i18n.language],
  );
  const selected = options.find((option) => option.code === field.value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => field.onChange(option?.code ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.code === value.code}
      renderInput={(params) => <TextField {...params} name={field.name} inputRef={field.ref} label={label} error={Boolean(errorText)} helperText={errorText} />}
    />
  );
}
