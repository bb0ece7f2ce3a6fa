import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { TravelServiceAcceptorDto, UserOption } from '@delego/contract';
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
  const { enqueueSnackbar } = useSnackbar();
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
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('travel.acceptors.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('common.user')}</TableCell>
                <TableCell>{t('common.login')}</TableCell>
                <TableCell>{t('common.email')}</TableCell>
                <TableCell>{t('common.status')}</TableCell>
                <TableCell align="right">{t('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {acceptors.data.items.map((user) => (
                <TableRow key={user.user_id} hover>
                  <TableCell>{`${user.surname} ${user.name}`}</TableCell>
                  <TableCell>{user.login}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <StatusChip on={user.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} />
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('travel.acceptors.remove', { name: `${user.name} ${user.surname}` })}>
                      <IconButton aria-label={t('travel.acceptors.remove', { name: `${user.name} ${user.surname}` })} onClick={() => setRemoving(user)}>
                        <PersonRemoveIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {acceptors.data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t('travel.acceptors.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
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
