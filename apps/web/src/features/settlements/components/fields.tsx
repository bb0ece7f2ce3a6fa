import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext, type Path } from 'react-hook-form';
import type { Issue } from '@delego/domain';
import { countryName, countryOptions } from '../model/countries.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { issueText } from '../model/messages.ts';
import { AmountField } from '../../../components/inputs/amount-field.tsx';
import { CurrencyField } from '../../../components/inputs/currency-field.tsx';
import { DateTimeField } from '../../../components/inputs/date-time-field.tsx';
import { useFieldIssues } from './form-issues-context.tsx';

type FieldName = Path<SettlementFormValues>;

/** The translated issues of a field, one sentence after another. */
export function useIssueText(issues: readonly Issue[]): string | undefined {
  const { i18n } = useTranslation();
  if (issues.length === 0) return undefined;
  return issues.map((issue) => issueText(i18n, issue)).join(' ');
}

/** A field bound to the form whose issues (from the server) appear under it. */
function useBoundField(name: FieldName) {
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const { issues, markTouched } = useFieldIssues(name);
  const errorText = useIssueText(issues);
  return { field, errorText, markTouched };
}

interface TextInputProps {
  name: FieldName;
  label: string;
  helperText?: ReactNode;
  multiline?: boolean;
  maxLength?: number;
  readOnly?: boolean;
  placeholder?: string;
}

export function TextInput({ name, label, helperText, multiline, maxLength = 200, readOnly, placeholder }: TextInputProps) {
  const { field, errorText, markTouched } = useBoundField(name);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        markTouched();
      }}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      label={label}
      placeholder={placeholder}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: {
          maxLength,
          readOnly,
        },
      }}
    />
  );
}

interface AmountInputProps {
  name: FieldName;
  label: string;
  helperText?: ReactNode;
  /** 2 for money, 3 for kilometres, 0 for whole numbers. */
  maxDecimals?: number;
  /** Digits before the decimal separator (7 for amounts: up to 9 999 999). */
  maxIntegerDigits?: number;
}

/** An amount, kilometres or a count, typed with the comma or the dot (see `AmountField`). */
export function AmountInput({ name, label, helperText, maxDecimals = 2, maxIntegerDigits = 7 }: AmountInputProps) {
  const { field, errorText, markTouched } = useBoundField(name);
  return (
    <AmountField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={(value) => {
        field.onChange(value);
        markTouched();
      }}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      maxDecimals={maxDecimals}
      maxIntegerDigits={maxIntegerDigits}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      size="small"
    />
  );
}

/** The currency of an amount (see `CurrencyField`). */
export function CurrencyInput({ name, label }: { name: FieldName; label: string }) {
  const { field, errorText, markTouched } = useBoundField(name);
  return (
    <CurrencyField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={(code) => {
        field.onChange(code);
        markTouched();
      }}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      error={Boolean(errorText)}
      helperText={errorText}
      size="small"
    />
  );
}

interface DateInputProps {
  name: FieldName;
  label: string;
  /** A day only (`YYYY-MM-DD`), e.g. the payment date of an advance. */
  dateOnly?: boolean;
  helperText?: ReactNode;
  /** Called with the value when the user leaves the field (to fill dependent empty fields). */
  onCommit?: (value: string) => void;
}

/** A date-time in the app's picker (see `DateTimeField`); the form keeps the spec's `YYYY-MM-DD HH:mm`. */
export function DateInput({ name, label, dateOnly, helperText, onCommit }: DateInputProps) {
  const { field, errorText, markTouched } = useBoundField(name);
  const { getValues } = useFormContext<SettlementFormValues>();
  const { onChange: setValue, onBlur: leave } = field;
  const commit = useRef(onCommit);
  commit.current = onCommit;
  // Stable handlers: the picker is memoised and re-renders only when what it shows changes.
  const onChange = useCallback(
    (value: string) => {
      setValue(value);
      markTouched();
    },
    [setValue, markTouched],
  );
  const onBlur = useCallback(() => {
    leave();
    markTouched();
    commit.current?.((getValues(name) as string | undefined) ?? '');
  }, [leave, markTouched, getValues, name]);
  return (
    <DateTimeField
      name={field.name}
      inputRef={field.ref}
      label={label}
      dateOnly={dateOnly}
      value={(field.value as string | undefined) ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      size="small"
    />
  );
}

interface SelectOption {
  value: string;
  label: string;
}

interface SelectInputProps {
  name: FieldName;
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty choice; without it a value must be chosen. */
  emptyLabel?: string;
  helperText?: ReactNode;
  onValueChange?: (value: string) => void;
}

/** A native select: accessible by keyboard and screen readers everywhere, and by label in tests. */
export function SelectInput({ name, label, options, emptyLabel, helperText, onValueChange }: SelectInputProps) {
  const { field, errorText, markTouched } = useBoundField(name);
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        markTouched();
        onValueChange?.(event.target.value);
      }}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      label={label}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

interface CheckboxInputProps {
  name: FieldName;
  label: string;
  helperText?: ReactNode;
}

export function CheckboxInput({ name, label, helperText }: CheckboxInputProps) {
  const { field, errorText, markTouched } = useBoundField(name);
  const hint = errorText ?? helperText;
  return (
    <FormControl error={Boolean(errorText)}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
            checked={field.value === true}
            onChange={(event) => {
              field.onChange(event.target.checked);
              markTouched();
            }}
            onBlur={field.onBlur}
          />
        }
      />
      {hint && <FormHelperText sx={{ mt: -0.5 }}>{hint}</FormHelperText>}
    </FormControl>
  );
}

interface CountryInputProps {
  name: FieldName;
  label: string;
  onValueChange?: (code: string) => void;
}

/** The country of a part: every code the rate book knows, by name in the interface language. */
export function CountryInput({ name, label, onValueChange }: CountryInputProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { field, errorText, markTouched } = useBoundField(name);
  const options = useMemo(() => countryOptions(language), [language]);
  const value = (field.value as string | undefined) ?? '';
  return (
    <Autocomplete
      options={options}
      value={value === '' ? null : value}
      onChange={(_, code) => {
        field.onChange(code ?? '');
        markTouched();
        onValueChange?.(code ?? '');
      }}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      getOptionLabel={(code) => countryName(code, language)}
      autoHighlight
      size="small"
      fullWidth
      renderInput={(params) => (
        <TextField {...params} name={field.name} label={label} error={Boolean(errorText)} helperText={errorText} />
      )}
    />
  );
}
