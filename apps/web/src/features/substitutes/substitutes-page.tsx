import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Substitute } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { colleagueSource, useDeleteMySubstitute, useMySubstitutes, useSaveMySubstitute } from './api.ts';
import { AbsentWaitingSummary, useAbsentWaitingByUser } from './absent-waiting.tsx';
import { useLoginAs } from './login-as.ts';
import { SubstituteDialog } from './substitute-dialog.tsx';
import { SubstituteTable, personName } from './substitute-table.tsx';

/** `/substitutes`: one's own substitutes (editable) and the colleagues one substitutes (spec §2, §3 Substitute). */
export function SubstitutesPage() {
  const { t } = useTranslation('substitutes');
  const user = useCurrentUser();
  const list = useMySubstitutes();
  const save = useSaveMySubstitute();
  const remove = useDeleteMySubstitute();
  const { loginAs, pendingId } = useLoginAs();
  const waiting = useAbsentWaitingByUser();
  const [editing, setEditing] = useState<Substitute | 'new' | null>(null);
  const deletion = useDeleteConfirmation<Substitute, { id: number }>(remove, { variables: (row) => ({ id: row.id }), deletedMessage: t('deleted') });

  if (list.isPending) return <PageSpinner label={t('loading')} />;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <Button component={RouterLink} to="/substitutes/deputyAuth" variant="outlined">
            {t('deputyAuthLink')}
          </Button>
        }
      />
      {list.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {list.data && (
        <>
          <Paper sx={{ p: 2, mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
              <span style={{ flexGrow: 1 }}>{t('mine.title')}</span>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('mine.add')}
              </Button>
            </Typography>
            <SubstituteTable
              label={t('mine.title')}
              rows={list.data.my_substitutes}
              person="substitute"
              empty={t('mine.empty')}
              actions={(row) => (
                <>
                  <Tooltip title={t('edit', { name: personName(row.substitute_user) })}>
                    <IconButton size="small" onClick={() => setEditing(row)} aria-label={t('edit', { name: personName(row.substitute_user) })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('delete', { name: personName(row.substitute_user) })}>
                    <IconButton size="small" onClick={() => deletion.ask(row)} aria-label={t('delete', { name: personName(row.substitute_user) })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            />
          </Paper>
          <Paper sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('substituting.title')}
            </Typography>
            <SubstituteTable
              label={t('substituting.title')}
              rows={list.data.substituting}
              person="absent"
              empty={t('substituting.empty')}
              detail={(row) => {
                const forAbsent = row.state === 'current' ? waiting.byUser.get(row.absent_user.id) : undefined;
                return forAbsent ? <AbsentWaitingSummary waiting={forAbsent} /> : null;
              }}
              actions={(row) =>
                row.state === 'current' && row.absent_user.id !== user.context_user_id ? (
                  <Button size="small" startIcon={<LoginIcon />} disabled={pendingId !== null} onClick={() => void loginAs(row.absent_user.id)}>
                    {t('loginAs.action', { name: personName(row.absent_user) })}
                  </Button>
                ) : null
              }
            />
          </Paper>
        </>
      )}
      {editing !== null && (
        <SubstituteDialog
          substitute={editing === 'new' ? null : editing}
          absentUserId={user.user_id}
          source={colleagueSource}
          isPending={save.isPending}
          onClose={() => setEditing(null)}
          onSave={({ absent_user_id: _absent, ...body }, onError) =>
            save.mutate(body, {
              onSuccess: () => {
                setEditing(null);
                enqueueSnackbar(t('saved'));
              },
              onError,
            })
          }
        />
      )}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: deletion.target ? personName(deletion.target.substitute_user) : '' })}
        confirmLabel={t('deleteConfirm')}
        destructive
      />
    </>
  );
}
