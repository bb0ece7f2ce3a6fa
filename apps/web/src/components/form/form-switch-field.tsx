import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useController, type FieldValues } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors.ts';
import type { FormFieldProps } from './form-field-props.ts';

/** An on/off setting bound to react-hook-form, its label beside the switch and its hint or error under the label. */
export function FormSwitchField<T extends FieldValues, TOut = T>({ control, name, label, helperText, disabled }: FormFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
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
      {(errorText ?? helperText) && (
        <FormHelperText error={Boolean(errorText)} sx={{ ml: 6, mt: -0.5 }}>
          {errorText ?? helperText}
        </FormHelperText>
      )}
    </div>
  );
}
