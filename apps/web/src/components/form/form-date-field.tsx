import { useController, type FieldValues } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { DateTimeField } from '../inputs/date-time-field.tsx';
import type { FormFieldProps } from './form-field-props.ts';

interface FormDateFieldProps<T extends FieldValues, TOut> extends FormFieldProps<T, TOut> {
  /** A moment (`YYYY-MM-DD HH:mm`) rather than a day (`YYYY-MM-DD`). */
  withTime?: boolean;
  required?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'medium';
  /** Earliest and latest day offered (`YYYY-MM-DD`); the picker's document range by default. */
  minDay?: string;
  maxDay?: string;
}

/**
 * The app's date picker bound to react-hook-form, so a form's day or moment is typed in the
 * interface language's format whatever the browser's locale, and its error shows, translated, under it.
 */
export function FormDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  withTime = false,
  ...rest
}: FormDateFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <DateTimeField
      {...rest}
      dateOnly={!withTime}
      label={label}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
    />
  );
}
