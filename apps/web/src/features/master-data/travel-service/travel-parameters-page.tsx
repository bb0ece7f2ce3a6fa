import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { TravelParameterDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { useDeleteTravelParameter, useTravelParameters } from '../api/travel-service.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';
import { TravelParameterDialog } from './travel-parameter-dialog.tsx';
import { TravelServiceHeader } from './travel-service-header.tsx';

/** `/settings/travel-service/additional-parameters`: extra fields of travel-service orders, in the order the order form shows them. */
export function TravelParametersPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const parameters = useTravelParameters();
  const remove = useDeleteTravelParameter();
  const [editing, setEditing] = useState<{ parameter: TravelParameterDto | null } | null>(null);
  const [deleting, setDeleting] = useState<TravelParameterDto | null>(null);
  const items = parameters.data?.items ?? [];
  const nameOf = (parameter: TravelParameterDto) => (i18n.language.startsWith('en') ? parameter.name_en : parameter.name_pl);
  const defaultOf = (parameter: TravelParameterDto) => {
    if (parameter.default_value === null) return '—';
    if (parameter.type === 'boolean') return parameter.default_value === 'true' ? t('common.yes') : t('common.no');
    return parameter.default_value;
  };
  const columns: DataColumn<TravelParameterDto, never>[] = [
    { key: 'sortOrder', label: t('travel.parameters.fields.sortOrder'), align: 'right', render: (parameter) => parameter.sort_order },
    { key: 'name', label: t('travel.parameters.columns.name'), render: nameOf },
    {
      key: 'type',
      label: t('travel.parameters.fields.type'),
      render: (parameter) => `${t(`travel.parameters.types.${parameter.type}`)}${parameter.type === 'select' ? ` (${parameter.options.join(', ')})` : ''}`,
    },
    { key: 'defaultValue', label: t('travel.parameters.fields.defaultValue'), render: defaultOf },
    { key: 'required', label: t('travel.parameters.fields.required'), render: (parameter) => (parameter.is_required ? t('common.yes') : t('common.no')) },
    { key: 'status', label: t('common.status'), render: (parameter) => <StatusChip on={parameter.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} /> },
  ];
  const nextOrder = items.reduce((max, parameter) => Math.max(max, parameter.sort_order + 1), 0);

  return (
    <>
      <TravelServiceHeader
        title={tr('settings.travelServiceAdditionalParameters')}
        description={t('travel.parameters.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ parameter: null })}>
            {t('travel.parameters.add')}
          </Button>
        }
      />
      {parameters.isPending && <PageSpinner />}
      {parameters.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {parameters.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 0 } }}>
          <ListTable
            label={tr('settings.travelServiceAdditionalParameters')}
            columns={columns}
            rows={items}
            rowKey={(parameter) => parameter.id}
            rowLabel={nameOf}
            empty={t('travel.parameters.empty')}
            actions={(parameter) => (
              <>
                <Tooltip title={t('common.editNamed', { name: nameOf(parameter) })}>
                  <IconButton aria-label={t('common.editNamed', { name: nameOf(parameter) })} onClick={() => setEditing({ parameter })}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('common.deleteNamed', { name: nameOf(parameter) })}>
                  <IconButton aria-label={t('common.deleteNamed', { name: nameOf(parameter) })} onClick={() => setDeleting(parameter)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </>
            )}
          />
        </Paper>
      )}
      <TravelParameterDialog open={editing !== null} parameter={editing?.parameter ?? null} nextOrder={nextOrder} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('travel.parameters.deleteTitle')}
        question={t('travel.parameters.deleteQuestion', { name: deleting ? nameOf(deleting) : '' })}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('travel.parameters.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
