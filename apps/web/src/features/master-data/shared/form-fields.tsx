import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from '../../../lib/form-errors.ts';

/** `TOut` is what the form's resolver produces, so fields work in forms whose schema converts their values. */
interface FieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select bound to react-hook-form; its value is a string ('' for none, when `emptyLabel` offers it). */
export function FormSelectField<T extends FieldValues, TOut = T>({ control, name, label, helperText, disabled, options, emptyLabel }: FieldProps<T, TOut> & { options: readonly SelectOption[]; emptyLabel?: string }) {
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
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: emptyLabel !== undefined } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** An on/off switch bound to react-hook-form. */
export function FormSwitchField<T extends FieldValues, TOut = T>({ control, name, label, helperText, disabled }: FieldProps<T, TOut>) {
  const { field } = useController({ control, name });
  return (
    <div>
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
      {helperText && <FormHelperText sx={{ ml: 6, mt: -0.5 }}>{helperText}</FormHelperText>}
    </div>
  );
}

/** A text field with its own limit and input kind, for the master-data forms (FormTextField fixes 256 characters). */
export function FormInputField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  maxLength,
  type = 'text',
  inputMode,
  multiline,
  autoFocus,
  placeholder,
}: FieldProps<T, TOut> & { maxLength: number; type?: 'text' | 'date' | 'email' | 'tel'; inputMode?: 'numeric' | 'decimal'; multiline?: boolean; autoFocus?: boolean; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <TextField
      fullWidth
      name={field.name}
      label={label}
      type={type}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      autoFocus={autoFocus}
      placeholder={placeholder}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      slotProps={{ htmlInput: { maxLength, inputMode }, inputLabel: type === 'date' ? { shrink: true } : undefined }}
    />
  );
}
