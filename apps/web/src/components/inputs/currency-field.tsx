import { useMemo, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CURRENCY_CODES } from '@delego/domain';

export interface CurrencyFieldProps {
  label: string;
  /** An ISO 4217 code, or '' when none is chosen. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/**
 * A currency chosen from the złoty and the currencies the NBP quotes (so every amount can be
 * converted), by code or by name in the interface language; a made-up code cannot be entered.
 */
export function CurrencyField({ label, value, onChange, onBlur, name, inputRef, error, helperText, required, disabled, size, fullWidth = true }: CurrencyFieldProps) {
  const { i18n } = useTranslation();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'currency' }), [i18n.language]);
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <Autocomplete
      options={CURRENCY_CODES}
      value={value === '' ? null : value}
      onChange={(_, code) => onChange(code ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      autoHighlight
      // Leaving the field takes the highlighted code, so typing "eur" and moving on chooses EUR.
      autoSelect
      size={size}
      fullWidth={fullWidth}
      getOptionLabel={(code) => code}
      filterOptions={(options, state) => {
        const query = state.inputValue.trim().toLowerCase();
        if (!query) return [...options];
        return options.filter((code) => code.toLowerCase().startsWith(query) || nameOf(code).toLowerCase().includes(query));
      }}
      renderOption={(props, code) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {code} – {nameOf(code)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 40 } }}
        />
      )}
    />
  );
}
