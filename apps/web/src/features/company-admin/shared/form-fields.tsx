import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from '../../../lib/form-errors.ts';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A select bound to react-hook-form; the value is a string ('' for none). */
export function FormSelectField<T extends FieldValues>({ control, name, label, helperText, disabled, options, emptyLabel }: BaseProps<T> & { options: SelectOption[]; emptyLabel?: string }) {
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
export function FormAutocompleteField<T extends FieldValues>({ control, name, label, helperText, disabled, options }: BaseProps<T> & { options: SelectOption[] }) {
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

/** An on/off setting with its label beside the switch. */
export function FormSwitchField<T extends FieldValues>({ control, name, label, helperText, disabled }: BaseProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label={label}
      />
      {(errorText ?? helperText) && <FormHelperText error={Boolean(errorText)}>{errorText ?? helperText}</FormHelperText>}
    </Box>
  );
}

/** A text, date or multi-line field bound to react-hook-form (the shared FormTextField covers single-line text). */
export function FormInputField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  type = 'text',
  multiline,
  maxLength = 256,
  inputMode,
  autoComplete,
}: BaseProps<T> & { type?: 'text' | 'date' | 'number'; multiline?: boolean; maxLength?: number; inputMode?: 'numeric' | 'tel' | 'text'; autoComplete?: string }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <TextField
      fullWidth
      name={field.name}
      label={label}
      type={type}
      value={(field.value as string | number | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      autoComplete={autoComplete}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      slotProps={{ htmlInput: { maxLength, inputMode }, inputLabel: type === 'date' ? { shrink: true } : undefined }}
    />
  );
}
