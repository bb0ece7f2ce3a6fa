import { useId, useState, type ChangeEvent, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

interface LightTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const MAX_LENGTH = 256;

/**
 * The outlined text field of `FormTextField`, composed from MUI's parts as its docs show, for the login page:
 * MUI's `TextField` also brings `Select` with its menu and modal, which the login route would download for nothing
 * (issue 13). Same look, label, error text under the field and password show/hide button.
 */
export function LightTextField({ name, label, value, onChange, error, type = 'text', autoComplete, autoFocus, readOnly, inputRef }: LightTextFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const helperId = `${id}-helper-text`;
  const [isRevealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        type={isPassword && isRevealed ? 'text' : type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={inputRef}
        slotProps={{ input: { maxLength: MAX_LENGTH, readOnly, 'aria-describedby': error ? helperId : undefined } }}
        endAdornment={
          isPassword ? (
            <InputAdornment position="end">
              <IconButton edge="end" aria-label={t(isRevealed ? 'form.hidePassword' : 'form.showPassword')} onClick={() => setRevealed((shown) => !shown)}>
                {isRevealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
