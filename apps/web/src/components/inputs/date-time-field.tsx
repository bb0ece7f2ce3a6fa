import { memo, useMemo, useState, type ReactNode, type Ref } from 'react';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import type { DateTimeValidationError } from '@mui/x-date-pickers/models';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { BUSINESS_TIME_ZONE, EARLIEST_DOCUMENT_DATE, latestDocumentDate, toLocalDate, dateFormatOf, dateTimeFormatOf, usesTwelveHourClock } from '@delego/domain';
import { PickersLocalization } from './pickers-localization.tsx';

const WIRE_DATE_TIME = 'yyyy-MM-dd HH:mm';
const WIRE_DATE = 'yyyy-MM-dd';

/**
 * The widest range the picker offers, for days that are not document dates (a budget's or a
 * transfer's period, a rate's validity, a birth, a passport's expiry): the server puts no
 * two-year limit on them, so the field must not either.
 */
export const ANY_DAY_LIMITS = { minDay: '1900-01-01', maxDay: '2099-12-31' } as const;

/** A birth date: any day from 1900 up to today (the server refuses one in the future). */
export const birthDayLimits = () => ({ minDay: ANY_DAY_LIMITS.minDay, maxDay: toLocalDate(new Date()) });

export interface DateTimeFieldProps {
  label: string;
  /** `YYYY-MM-DD HH:mm` Warsaw wall time (`YYYY-MM-DD` with `dateOnly`), or '' when empty. */
  value: string;
  /** Called with the same format, '' while the date is empty or incomplete. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A day without a time (a payment date, a deadline). */
  dateOnly?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Earliest and latest day offered (`YYYY-MM-DD`); by default from 2000 to two years after today. */
  minDay?: string;
  maxDay?: string;
}

function toDateTime(value: string, dateOnly: boolean): DateTime | null {
  if (!value) return null;
  const parsed = DateTime.fromFormat(value.slice(0, dateOnly ? 10 : 16), dateOnly ? WIRE_DATE : WIRE_DATE_TIME, { zone: BUSINESS_TIME_ZONE });
  return parsed.isValid ? parsed : null;
}

const PICKER_ERRORS: Partial<Record<NonNullable<DateTimeValidationError>, string>> = {
  invalidDate: 'picker.invalid',
  minDate: 'picker.tooEarly',
  maxDate: 'picker.tooLate',
  minTime: 'picker.tooEarly',
  maxTime: 'picker.tooLate',
};

/**
 * The one date (and time) picker of the app: typed or picked, always in the interface language's
 * format (`dd.MM.yyyy HH:mm` in Polish whatever the browser's locale) and in Warsaw time, where the
 * company works. It hands the form the spec's `YYYY-MM-DD HH:mm`; a date before 2000 or more than two
 * years ahead is refused at the field.
 */
export const DateTimeField = memo(function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  dateOnly = false,
  name,
  inputRef,
  error,
  helperText,
  required,
  disabled,
  readOnly,
  size,
  fullWidth = true,
  minDay = EARLIEST_DOCUMENT_DATE,
  maxDay,
}: DateTimeFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const [pickerError, setPickerError] = useState<DateTimeValidationError>(null);
  const limits = useMemo(
    () => ({
      minDate: DateTime.fromISO(minDay, { zone: BUSINESS_TIME_ZONE }),
      maxDate: DateTime.fromISO(maxDay ?? latestDocumentDate(toLocalDate(new Date())), { zone: BUSINESS_TIME_ZONE }).endOf('day'),
    }),
    [minDay, maxDay],
  );
  const picked = toDateTime(value, dateOnly);
  const errorKey = pickerError ? PICKER_ERRORS[pickerError] : undefined;
  const shownError = errorKey ? t(errorKey) : undefined;
  const common = {
    label,
    value: picked,
    timezone: BUSINESS_TIME_ZONE,
    disabled,
    readOnly,
    inputRef,
    minDate: limits.minDate,
    maxDate: limits.maxDate,
    onError: setPickerError,
    onChange: (next: DateTime | null) => {
      if (!next || !next.isValid) onChange('');
      else onChange(next.setZone(BUSINESS_TIME_ZONE).toFormat(dateOnly ? WIRE_DATE : WIRE_DATE_TIME));
    },
    slotProps: {
      textField: {
        name,
        required,
        size,
        fullWidth,
        onBlur,
        error: Boolean(shownError) || error,
        // A problem the field itself sees is said here once, instead of the form's message about the same date.
        helperText: shownError ?? helperText,
      },
    },
  };
  return (
    <PickersLocalization>
      {dateOnly ? (
        <DesktopDatePicker {...common} format={dateFormatOf(language)} />
      ) : (
        <DesktopDateTimePicker {...common} format={dateTimeFormatOf(language)} ampm={usesTwelveHourClock(language)} />
      )}
    </PickersLocalization>
  );
});
