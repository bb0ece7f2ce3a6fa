import { useEffect, useMemo, useState, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationApi, type LocationDto } from '@delego/contract';
import type { LocationType } from '@delego/domain';
import { call } from '../../lib/api-client.ts';
import { cachedLocation, recentLocations, rememberLocation } from '../../lib/location-cache.ts';

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

export interface LocationFieldProps {
  label: string;
  /** The chosen location's id, or null. */
  value: number | null;
  onChange: (id: number | null, location: LocationDto | null) => void;
  /** Types that may be chosen (every type when left out). */
  types?: readonly LocationType[];
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** The location's name in the interface language, an airport with its IATA code. */
export function locationLabel(location: LocationDto, language: string): string {
  const name = language.startsWith('en') ? location.name_en : location.name_pl;
  return location.iata_code ? `${name} (${location.iata_code})` : name;
}

/**
 * A city, airport, train station or place chosen from the server's location list by typing (case and
 * Polish letters ignored). Chosen locations are remembered in the browser: a saved value shows without
 * a request and an empty field offers the places chosen last; otherwise it hints to start typing.
 */
export function LocationField({ label, value, onChange, types, onBlur, name, inputRef, error, helperText, required, disabled, size, fullWidth = true }: LocationFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim());
  const typeList = types && types.length > 0 ? types.join(',') : undefined;

  const selected = useQuery({
    queryKey: ['locations', 'one', value],
    queryFn: ({ signal }) => call(locationApi.getLocationById, { query: { id: value! } }, { signal }),
    enabled: value !== null,
    initialData: value === null ? undefined : cachedLocation(value),
    staleTime: Infinity,
  });
  const selectedLocation = value === null ? null : (selected.data ?? null);

  const searching = query !== '' && query !== (selectedLocation ? locationLabel(selectedLocation, language) : '');
  const found = useQuery({
    queryKey: ['locations', 'search', query, typeList],
    queryFn: ({ signal }) => call(locationApi.search, { query: { query, types: typeList } }, { signal }),
    enabled: searching,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

  const options = useMemo(() => {
    const list = searching ? (found.data?.items ?? []) : recentLocations(types);
    // The chosen location stays an option, so the field can show it whatever was typed since.
    return selectedLocation && !list.some((location) => location.id === selectedLocation.id) ? [selectedLocation, ...list] : list;
  }, [searching, found.data, types, selectedLocation]);

  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const describe = (location: LocationDto) => {
    const city = language.startsWith('en') ? location.city_en : location.city_pl;
    const country = countries.of(location.country_code) ?? location.country_code;
    return [t(`location.type.${location.type}`), city, country].filter(Boolean).join(' · ');
  };

  return (
    <Autocomplete<LocationDto>
      options={options}
      value={selectedLocation}
      onChange={(_, location) => {
        if (location) rememberLocation(location);
        onChange(location?.id ?? null, location);
      }}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onBlur={onBlur}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      autoHighlight
      // The server has already matched the typed words; filtering again here would drop matches by the other language's name.
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(location) => locationLabel(location, language)}
      loading={searching && found.isFetching}
      loadingText={t('location.searching')}
      noOptionsText={input.trim() === '' ? t('location.startTyping') : t('location.noMatches')}
      renderOption={(props, location) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2">{locationLabel(location, language)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {describe(location)}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 100 } }}
        />
      )}
    />
  );
}
