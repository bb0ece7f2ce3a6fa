import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RATE_GROUP_NAME_MAX_LENGTH, wouldCreateGroupCycle } from '@delego/domain';
import type { RateGroupDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { applyServerIssues, fieldErrorText } from '../../lib/form-errors.ts';
import { useDeleteRateGroup, useRateGroupOptions, useRateGroups, useSaveRateGroup } from './api/use-rates.ts';
import { RatesNavigation } from './rates-tabs.tsx';

type Sort = 'name' | 'parent_name' | 'user_count';
const FIELDS = ['name', 'parent_id'] as const;

const groupSchema = z.object({
  name: z.string().trim().min(1, 'global.error.required').max(RATE_GROUP_NAME_MAX_LENGTH, 'validation.tooLong'),
  parent_id: z.string(),
});
type GroupValues = z.infer<typeof groupSchema>;

function RateGroupDialog({ group, onClose }: { group: RateGroupDto | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const options = useRateGroupOptions();
  const save = useSaveRateGroup();
  const form = useForm<GroupValues>({
    resolver: zodResolver(groupSchema),
    mode: 'onTouched',
    defaultValues: { name: group?.name ?? '', parent_id: group?.parent_id ? String(group.parent_id) : '' },
  });
  const all = options.data?.items ?? [];
  const graph = all.map((item) => ({ id: item.id, parent_id: item.parent_id }));

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(group ? { id: group.id } : {}), name: values.name, parent_id: values.parent_id ? Number(values.parent_id) : null },
      {
        onSuccess: () => {
          enqueueSnackbar(t('groups.saved'));
          onClose();
        },
        onError: (error) => applyServerIssues(error, form.setError, FIELDS),
      },
    ),
  );

  return (
    <FormDialog open title={group ? t('groups.editTitle', { name: group.name }) : t('groups.addTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} maxWidth="xs">
      <FormTextField control={form.control} name="name" label={t('groups.name')} required autoFocus maxLength={RATE_GROUP_NAME_MAX_LENGTH} />
      <Controller
        control={form.control}
        name="parent_id"
        render={({ field, fieldState }) => (
          <TextField select label={t('groups.parent')} {...field} error={Boolean(fieldState.error)} helperText={fieldErrorText(fieldState.error)}>
            <MenuItem value="">{t('groups.noParent')}</MenuItem>
            {all.map((option) => {
              // A group cannot inherit from itself or from a group that inherits from it (spec §5).
              const loops = group !== null && wouldCreateGroupCycle(graph, group.id, option.id);
              return (
                <MenuItem key={option.id} value={String(option.id)} disabled={loops}>
                  {option.name} {loops ? t('groups.cycleOption') : ''}
                </MenuItem>
              );
            })}
          </TextField>
        )}
      />
    </FormDialog>
  );
}

/** `/settings/delegation-rate/group`: rate groups with their parent; a group in use cannot be deleted. */
export function RateGroupsPage() {
  const { t } = useTranslation('rates');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const { state, query, update } = useListState<Sort>({ sort: 'name' });
  const list = useRateGroups(query);
  const remove = useDeleteRateGroup();
  const [editing, setEditing] = useState<RateGroupDto | 'new' | null>(null);
  const deletion = useDeleteConfirmation<RateGroupDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('groups.deleted') });

  const columns: DataColumn<RateGroupDto, Sort>[] = [
    { key: 'name', label: t('columns.name'), sortKey: 'name', render: (row) => row.name },
    { key: 'parent', label: t('columns.parent'), sortKey: 'parent_name', render: (row) => row.parent_name ?? '' },
    { key: 'users', label: t('columns.users'), sortKey: 'user_count', align: 'right', render: (row) => row.user_count },
    { key: 'rates', label: t('columns.rates'), align: 'right', render: (row) => row.rate_count },
    { key: 'children', label: t('columns.children'), align: 'right', render: (row) => row.child_count },
  ];

  return (
    <>
      <RatesNavigation />
      <PageHeader
        title={tr('settings.delegationRateGroup')}
        description={t('groups.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('groups.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.delegationRateGroup')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        actions={(row) => {
          const inUse = row.user_count + row.rate_count + row.child_count > 0;
          return (
            <>
              <Tooltip title={t('groups.edit', { name: row.name })}>
                <IconButton aria-label={t('groups.edit', { name: row.name })} onClick={() => setEditing(row)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={inUse ? t('groups.inUse') : t('groups.delete', { name: row.name })}>
                <span>
                  <IconButton aria-label={t('groups.delete', { name: row.name })} disabled={inUse} onClick={() => deletion.ask(row)}>
                    <DeleteIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          );
        }}
      />
      {editing !== null && <RateGroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteMessage', { name: deletion.target?.name ?? '' })}
        confirmLabel={tc('actions.delete')}
        destructive
      />
    </>
  );
}
