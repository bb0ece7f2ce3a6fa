import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors.ts';
import type { FormFieldProps } from './form-field-props.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A select bound to react-hook-form; its value is a string ('' for none, when `emptyLabel` or an option offers it). */
export function FormSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  options,
  emptyLabel,
}: FormFieldProps<T, TOut> & { options: readonly SelectOption[]; emptyLabel?: string }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <TextField
      select
      fullWidth
      name={field.name}
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: emptyLabel !== undefined || options.some((option) => option.value === '') } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A searchable choice among many (e.g. the superior among the company's users); the value is a string id or ''. */
export function FormAutocompleteField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  options,
}: FormFieldProps<T, TOut> & { options: readonly SelectOption[] }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  const selected = options.find((option) => option.value === field.value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      disabled={disabled}
      onChange={(_event, option) => field.onChange(option?.value ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(option) => option.label}
      getOptionDisabled={(option) => option.disabled === true}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      renderInput={(params) => (
        <TextField {...params} name={field.name} inputRef={field.ref} label={label} error={Boolean(errorText)} helperText={errorText ?? helperText} />
      )}
    />
  );
}
