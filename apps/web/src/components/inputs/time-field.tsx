import { memo, useState, type ReactNode } from 'react';
import { TimeField as PickerTimeField } from '@mui/x-date-pickers/TimeField';
import type { TimeValidationError } from '@mui/x-date-pickers/models';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { usesTwelveHourClock } from '@delego/domain';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { PickersLocalization } from './pickers-localization.tsx';

const WIRE_TIME = 'HH:mm';

export interface TimeFieldProps {
  label: string;
  /** `HH:mm`, or '' when none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** A time of day typed in the interface language's clock (24-hour in Polish, AM/PM in English), sent as `HH:mm`. */
export const TimeField = memo(function TimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  disabled,
  size,
}: TimeFieldProps) {
  const { i18n } = useTranslation('common');
  const [pickerError, setPickerError] = useState<TimeValidationError>(null);
  const parsed = value ? DateTime.fromFormat(value, WIRE_TIME) : null;
  const twelveHour = usesTwelveHourClock(i18n.language);
  const shownError = pickerError ? translateIssueCode('validation.time') : undefined;
  return (
    <PickersLocalization>
      <PickerTimeField
        label={label}
        value={parsed?.isValid ? parsed : null}
        format={twelveHour ? 'hh:mm a' : 'HH:mm'}
        ampm={twelveHour}
        disabled={disabled}
        onError={setPickerError}
        onChange={(next: DateTime | null) => onChange(next && next.isValid ? next.toFormat(WIRE_TIME) : '')}
        slotProps={{
          textField: {
            required,
            size,
            fullWidth: true,
            onBlur,
            error: Boolean(shownError) || error,
            helperText: shownError ?? helperText,
          },
        }}
      />
    </PickersLocalization>
  );
});
