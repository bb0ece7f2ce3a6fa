import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { useController, type FieldValues } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors.ts';
import type { FormFieldProps } from './form-field-props.ts';

interface FormTextFieldProps<T extends FieldValues, TOut> extends FormFieldProps<T, TOut> {
  type?: 'text' | 'password' | 'email' | 'tel' | 'number';
  /** The field's own limit; 256 characters when the form has no rule of its own. */
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'text';
  multiline?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  required?: boolean;
  placeholder?: string;
}

const MAX_LENGTH = 256;

/**
 * A text or multi-line field bound to react-hook-form that shows its error, translated,
 * under the field. Password fields get a show/hide button with an accessible name.
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  type = 'text',
  maxLength = MAX_LENGTH,
  inputMode,
  multiline,
  readOnly,
  helperText,
  ...rest
}: FormTextFieldProps<T, TOut>) {
  const { t } = useTranslation('common');
  const { field, fieldState } = useController({ control, name });
  const [isRevealed, setRevealed] = useState(false);
  const errorText = fieldErrorText(fieldState.error);
  const isPassword = type === 'password';
  return (
    <TextField
      {...rest}
      name={field.name}
      value={(field.value as string | number | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={isPassword && isRevealed ? 'text' : type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { readOnly, maxLength, inputMode },
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    aria-label={t(isRevealed ? 'form.hidePassword' : 'form.showPassword')}
                    onClick={() => setRevealed((value) => !value)}
                  >
                    {isRevealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
