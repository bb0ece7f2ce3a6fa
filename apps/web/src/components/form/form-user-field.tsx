import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '@delego/contract';
import { fieldErrorText } from '../../lib/form-errors.ts';

const SEARCH_DELAY_MS = 300;

/** Where a user field finds people: a query key and the search call (`id` keeps the current choice listed). */
export interface UserOptionsSource {
  key: readonly unknown[];
  search: (query: { search?: string; id?: number }, signal: AbortSignal) => Promise<{ items: UserOption[] }>;
}

/** Chooses a user of the company by typing their name or login; the value is the user id as text ('' for none). */
export function FormUserField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  source,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
  source: UserOptionsSource;
}) {
  const { t } = useTranslation('common');
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(fieldState.error);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const currentId = field.value ? Number(field.value) : undefined;
  const options = useQuery({
    queryKey: [...source.key, search, currentId],
    queryFn: ({ signal }) => source.search({ search: search || undefined, id: currentId }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

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
      noOptionsText={t('userField.noMatches')}
      loadingText={t('userField.searching')}
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
