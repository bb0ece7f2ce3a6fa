import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '@delego/contract';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { useUserOptions } from '../api/vehicles.ts';

const SEARCH_DELAY_MS = 300;

/** Chooses a user of the company by typing their name or login; the value is the user id as text ('' for none). */
export function FormUserField<T extends FieldValues, TOut = T>({ control, name, label, helperText }: { control: Control<T, unknown, TOut>; name: Path<T>; label: string; helperText?: string }) {
  const { t } = useTranslation('masterData');
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const currentId = field.value ? Number(field.value) : undefined;
  const options = useUserOptions(search, currentId);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const items = options.data?.items ?? [];
  const selected = items.find((user) => user.id === currentId) ?? null;
  return (
    <Autocomplete<UserOption>
      options={items}
      value={selected}
      filterOptions={(all) => all}
      loading={options.isFetching}
      noOptionsText={t('common.noMatches')}
      loadingText={t('common.searching')}
      onChange={(_event, user) => field.onChange(user ? String(user.id) : '')}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') setInput(value);
      }}
      onBlur={field.onBlur}
      getOptionLabel={(user) => `${user.name} ${user.surname} (${user.login})`}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      renderInput={(params) => <TextField {...params} name={field.name} inputRef={field.ref} label={label} error={Boolean(errorText)} helperText={errorText ?? helperText} />}
    />
  );
}
