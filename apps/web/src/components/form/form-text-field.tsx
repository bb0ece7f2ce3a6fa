import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors.ts';

interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  helperText?: ReactNode;
}

const MAX_LENGTH = 256;

/**
 * A text field bound to react-hook-form that shows its error, translated, under the field.
 * Password fields get a show/hide button with an accessible name.
 */
export function FormTextField<T extends FieldValues>({ control, name, label, type = 'text', readOnly, helperText, ...rest }: FormTextFieldProps<T>) {
  const { t } = useTranslation('common');
  const { field, fieldState } = useController({ control, name });
  const [isRevealed, setRevealed] = useState(false);
  const errorText = fieldErrorText(fieldState.error);
  const isPassword = type === 'password';
  return (
    <TextField
      {...rest}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={isPassword && isRevealed ? 'text' : type}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { readOnly, maxLength: MAX_LENGTH },
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
