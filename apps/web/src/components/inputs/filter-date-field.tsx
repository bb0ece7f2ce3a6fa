import { useState } from 'react';
import { DateTimeField, type DateTimeFieldProps } from './date-time-field.tsx';

type FilterDateFieldProps = Omit<DateTimeFieldProps, 'dateOnly' | 'size' | 'fullWidth'>;

/**
 * The picker for a list filter kept in the address. Each keystroke that makes a whole day goes to
 * the address, and the address comes back a render later: the field shows what is being typed and
 * takes the address's day only when it did not send it itself (a link, a reset), so a late echo
 * of an earlier keystroke cannot overwrite the next one.
 */
export function FilterDateField({ value, onChange, ...rest }: FilterDateFieldProps) {
  const [typed, setTyped] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<readonly string[]>([]);
  if (value !== seen) {
    setSeen(value);
    if (!sent.includes(value)) setTyped(value);
  }
  return (
    <DateTimeField
      {...rest}
      dateOnly
      size="small"
      fullWidth={false}
      value={typed}
      onChange={(day) => {
        setTyped(day);
        setSent((days) => [...days.slice(-20), day]);
        onChange(day);
      }}
    />
  );
}
