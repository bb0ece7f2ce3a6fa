import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TravellerMapping } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable } from '../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useBookingUsers, useSaveTravellerMapping, useTravellerMappings } from './api/bookings.ts';

interface UserOption {
  id: number;
  label: string;
  suggested: string | null;
}

/** The user a traveller is given to, with the button that assigns them; each traveller keeps their own choice. */
function MappingChoice({ traveller }: { traveller: TravellerMapping }) {
  const { t } = useTranslation('bookings');
  const users = useBookingUsers();
  const save = useSaveTravellerMapping();
  const suggestedIds = new Map(
    traveller.suggestions.map((suggestion) => [suggestion.user_id, suggestion.reason]),
  );
  const options: UserOption[] = [
    ...traveller.suggestions.map((suggestion) => ({
      id: suggestion.user_id,
      label: `${suggestion.full_name} (${suggestion.email})`,
      suggested: suggestion.reason,
    })),
    ...(users.data?.items ?? [])
      .filter((user) => !suggestedIds.has(user.id))
      .map((user) => ({ id: user.id, label: `${user.full_name} (${user.email})`, suggested: null })),
  ];
  const [chosen, setChosen] = useState<UserOption | null>(options[0]?.suggested ? options[0] : null);
  const label = t('mapping.userFor', { name: traveller.traveller_name });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Box sx={{ flexGrow: 1, minWidth: { sm: 260 } }}>
        <Autocomplete
          size="small"
          options={options}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          groupBy={(option) => (option.suggested ? t('mapping.suggested') : t('mapping.allUsers'))}
          getOptionLabel={(option) => option.label}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              helperText={chosen?.suggested ? t(`mapping.reason.${chosen.suggested}`) : undefined}
            />
          )}
        />
      </Box>
      <Box>
        <Button
          variant="contained"
          disabled={!chosen}
          loading={save.isPending}
          aria-label={`${t('mapping.assign')}: ${traveller.traveller_name}`}
          onClick={() =>
            chosen &&
            save.mutate(
              { traveller_key: traveller.traveller_key, user_id: chosen.id },
              {
                onSuccess: (result) =>
                  enqueueSnackbar(
                    t('mapping.assigned', { count: result.assigned, name: traveller.traveller_name }),
                  ),
              },
            )
          }
        >
          {t('mapping.assign')}
        </Button>
      </Box>
    </Stack>
  );
}

/** `/booking/mapping` (bookingMapping): imported travellers who match no user, mapped once for all later imports. */
export function BookingMappingPage() {
  const { t } = useTranslation('bookings');
  const { t: tr } = useTranslation('routes');
  const list = useTravellerMappings();
  return (
    <>
      <PageHeader
        title={tr('booking.mapping')}
        description={t('mapping.description')}
        actions={
          <Button component={RouterLink} to="/booking">
            {t('details.back')}
          </Button>
        }
      />
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Alert severity="error">{t('details.loadError')}</Alert>
      ) : list.data.items.length === 0 ? (
        <Alert severity="success">{t('mapping.none')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 0 } }}>
            <ListTable
              label={tr('booking.mapping')}
              rows={list.data.items}
              rowKey={(traveller) => traveller.traveller_key}
              columns={[
                { key: 'traveller', label: t('mapping.traveller'), render: (traveller) => traveller.traveller_name },
                { key: 'email', label: t('mapping.email'), render: (traveller) => traveller.traveller_email ?? '—' },
                { key: 'bookings', label: t('mapping.bookings'), align: 'right', render: (traveller) => traveller.booking_count },
                { key: 'user', label: t('mapping.user'), render: (traveller) => <MappingChoice traveller={traveller} /> },
              ]}
            />
          </Paper>
        </Stack>
      )}
    </>
  );
}
