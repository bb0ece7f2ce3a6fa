import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';

/**
 * What every react-hook-form field wrapper takes. `TOut` is what the form's resolver produces,
 * so the fields also work in forms whose schema converts their values.
 */
export interface FormFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}
