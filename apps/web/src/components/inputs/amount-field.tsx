import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isTypedAmountAllowed, parseTypedAmount, formatDecimal } from '@delego/domain';

export interface AmountFieldProps {
  label: string;
  /** The amount as the API carries it ("1234.56"), or '' when empty. */
  value: string;
  /** Called with the decimal string of what is typed ("1 234,56" → "1234.56"), '' when emptied. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Digits before the decimal separator; a keystroke beyond them is refused (7: up to 9 999 999). */
  maxIntegerDigits?: number;
  /** Decimals allowed (2 for money, 3 for kilometres). */
  maxDecimals?: number;
  allowNegative?: boolean;
  /** Shown after the amount, e.g. a currency code or "km". */
  unit?: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/**
 * An amount typed the way people type it: the Polish decimal comma or the dot, thousands grouped with
 * spaces, dots or commas ("1 234,56", "1.234,56", "1,234.56"). It hands the form the API's decimal
 * string, shows the amount in the interface language's format once the field is left, and refuses a
 * keystroke that would go past its digits instead of complaining afterwards.
 */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  maxIntegerDigits = 7,
  maxDecimals = 2,
  allowNegative = false,
  unit,
  error,
  helperText,
  required,
  disabled,
  readOnly,
  size,
  fullWidth = true,
}: AmountFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const decimalSeparator = language.startsWith('pl') ? ',' : '.';
  const [text, setText] = useState(() => (value === '' ? '' : formatDecimal(value, language)));
  // The value this field last handed out: a different one comes from outside (a reset, a loaded document).
  const emitted = useRef(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value === '' ? '' : formatDecimal(value, language));
  }, [value, language]);

  // A language switch shows the amount in the new language's format.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    setText(emitted.current === '' ? '' : formatDecimal(emitted.current, language));
  }, [language]);

  const options = { maxIntegerDigits, maxDecimals, allowNegative, decimalSeparator } as const;
  return (
    <TextField
      label={label}
      name={name}
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        if (!isTypedAmountAllowed(typed, options)) return;
        setText(typed);
        const parsed = parseTypedAmount(typed, options) ?? typed;
        emitted.current = parsed;
        onChange(parsed);
      }}
      onBlur={() => {
        const parsed = parseTypedAmount(text, options);
        if (parsed !== null && parsed !== '') setText(formatDecimal(parsed, language));
        onBlur?.();
      }}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      slotProps={{
        htmlInput: { inputMode: 'decimal', readOnly, autoComplete: 'off', maxLength: 20, style: { textAlign: 'right' } },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
