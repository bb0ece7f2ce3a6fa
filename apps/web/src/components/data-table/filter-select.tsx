import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectOption } from '../form/form-select-field.tsx';

interface FilterSelectProps {
  label: string;
  /** The chosen value, '' when the list is not filtered by it. */
  value: string;
  onChange: (value: string) => void;
  /** The first choice, which removes the filter (e.g. "All cost centres"). */
  allLabel: string;
  options: readonly SelectOption[];
  minWidth: number;
}

/**
 * A list's filter by one field, beside the search above the table (see `useListFilters`). Unfiltered,
 * it shows its "all" choice rather than an empty box.
 */
export function FilterSelect({ label, value, onChange, allLabel, options, minWidth }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
