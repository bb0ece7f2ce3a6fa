import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

const SEARCH_DELAY_MS = 300;

interface SearchPickerProps<T> {
  label: string;
  /** Names the search in the query cache. */
  kind: string;
  search: (text: string, signal: AbortSignal) => Promise<{ items: T[] }>;
  optionLabel: (option: T) => string;
  optionKey: (option: T) => string | number;
  /** Called with the chosen option; a picker that adds (`value` left out) clears itself for the next one. */
  onPick: (option: T | null) => void;
  value?: T | null;
  helperText?: string;
}

/** Chooses one of the server's matches for what is typed (the server searches, a short pause after each key). */
export function SearchPicker<T>({ label, kind, search, optionLabel, optionKey, onPick, value, helperText }: SearchPickerProps<T>) {
  const { t } = useTranslation('mailing');
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useQuery({
    queryKey: ['provider-admin', 'mailing-recipients', kind, term],
    queryFn: ({ signal }) => search(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const adds = value === undefined;
  return (
    <Autocomplete<T>
      options={options.data?.items ?? []}
      value={adds ? null : value}
      inputValue={input}
      filterOptions={(all) => all}
      loading={options.isFetching}
      noOptionsText={t('picker.noMatches')}
      loadingText={t('picker.searching')}
      getOptionLabel={optionLabel}
      getOptionKey={optionKey}
      isOptionEqualToValue={(option, chosen) => optionKey(option) === optionKey(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
        else if (!adds) setInput(text);
      }}
      onChange={(_event, option) => {
        onPick(option);
        if (adds) setInput('');
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
