import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useTranslation } from 'react-i18next';
import type { TravelServiceAcceptorDto, UserOption } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { useAddTravelServiceAcceptor, useRemoveTravelServiceAcceptor, useTravelServiceAcceptors } from '../api/travel-service.ts';
import { useUserOptions } from '../api/vehicles.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { refusalText } from '../shared/server-errors.ts';
import { StatusChip } from '../shared/status-chip.tsx';
import { TravelServiceHeader } from './travel-service-header.tsx';

const SEARCH_DELAY_MS = 300;

/** `/settings/travel-service`: the users who accept travel-service orders. */
export function TravelAcceptorsPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const acceptors = useTravelServiceAcceptors();
  const add = useAddTravelServiceAcceptor();
  const remove = useRemoveTravelServiceAcceptor();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<UserOption | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TravelServiceAcceptorDto | null>(null);
  const options = useUserOptions(search);
  const current = new Set((acceptors.data?.items ?? []).map((user) => user.user_id));

  const columns: DataColumn<TravelServiceAcceptorDto, never>[] = [
    { key: 'user', label: t('common.user'), render: (user) => `${user.surname} ${user.name}` },
    { key: 'login', label: t('common.login'), render: (user) => user.login },
    { key: 'email', label: t('common.email'), render: (user) => user.email },
    { key: 'status', label: t('common.status'), render: (user) => <StatusChip on={user.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} /> },
  ];

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const onAdd = () => {
    if (!chosen) {
      setAddError(t('travel.acceptors.chooseUser'));
      return;
    }
    add.mutate(chosen.id, {
      onSuccess: () => {
        enqueueSnackbar(t('travel.acceptors.added', { name: `${chosen.name} ${chosen.surname}` }));
        setChosen(null);
        setInput('');
      },
      onError: (error) => setAddError(refusalText(error)),
    });
  };

  return (
    <>
      <TravelServiceHeader title={tr('settings.travelService')} description={t('travel.acceptors.description')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Autocomplete<UserOption>
            sx={{ flexGrow: 1 }}
            options={(options.data?.items ?? []).filter((user) => !current.has(user.id))}
            value={chosen}
            filterOptions={(all) => all}
            loading={options.isFetching}
            noOptionsText={t('common.noMatches')}
            loadingText={t('common.searching')}
            onChange={(_event, user) => {
              setChosen(user);
              setAddError(null);
            }}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input') setInput(value);
            }}
            getOptionLabel={(user) => `${user.name} ${user.surname} (${user.login})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => <TextField {...params} label={t('travel.acceptors.user')} error={Boolean(addError)} helperText={addError ?? t('travel.acceptors.userHelp')} />}
          />
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={onAdd} loading={add.isPending} sx={{ mt: { sm: 1 } }}>
            {t('travel.acceptors.add')}
          </Button>
        </Stack>
      </Paper>
      {acceptors.isPending && <PageSpinner />}
      {acceptors.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {acceptors.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 0 } }}>
          <ListTable
            label={t('travel.acceptors.listLabel')}
            columns={columns}
            rows={acceptors.data.items}
            rowKey={(user) => user.user_id}
            empty={t('travel.acceptors.empty')}
            actions={(user) => (
              <Tooltip title={t('travel.acceptors.remove', { name: `${user.name} ${user.surname}` })}>
                <IconButton aria-label={t('travel.acceptors.remove', { name: `${user.name} ${user.surname}` })} onClick={() => setRemoving(user)}>
                  <PersonRemoveIcon />
                </IconButton>
              </Tooltip>
            )}
          />
        </Paper>
      )}
      <DeleteDialog
        open={removing !== null}
        title={t('travel.acceptors.removeTitle')}
        question={t('travel.acceptors.removeQuestion', { name: removing ? `${removing.name} ${removing.surname}` : '' })}
        onDelete={async () => {
          await remove.mutateAsync(removing!.user_id);
          enqueueSnackbar(t('travel.acceptors.removed'));
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
