import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { useController, useForm, useWatch } from 'react-hook-form';
import { PERMISSION_GROUPS, formatWallTime, isGrantablePermission, toLocalDate, type Issue, type Permission } from '@delego/domain';
import { DEPUTY_AUTH_STATUS_FILTERS, type DEPUTY_AUTH_SORT_COLUMNS, type PermissionTransfer, type PermissionTransferSaveBody, type RoleOptions } from '@delego/contract';
import { DataTable, type DataColumn } from './data-table/data-table.tsx';
import { useListFilters, type ListState } from './data-table/use-list-state.ts';
import { applyServerIssues, fieldErrorText } from '../lib/form-errors.ts';
import { FormDialog } from './form/form-dialog.tsx';
import { FormTextField } from './form/form-text-field.tsx';
import { FormAutocompleteField, FormSelectField } from './form/form-select-field.tsx';
import { issueResolver } from './form/issue-resolver.ts';
import { FormDateField } from './form/form-date-field.tsx';
import { ANY_DAY_LIMITS } from './inputs/date-time-field.tsx';

export type TransferSort = (typeof DEPUTY_AUTH_SORT_COLUMNS)[number];
export type TransferStatus = (typeof DEPUTY_AUTH_STATUS_FILTERS)[number];

export const personName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const STATE_COLOURS = { current: 'success', upcoming: 'info', past: 'default' } as const;

/** The period filter of a list of transfers, kept in the address (`?status=`). */
export function useTransferStatus(): [TransferStatus, (next: TransferStatus) => void] {
  const { params, setFilter } = useListFilters();
  const value = params.get('status') ?? '';
  const status = (DEPUTY_AUTH_STATUS_FILTERS as readonly string[]).includes(value) ? (value as TransferStatus) : 'all';
  const change = useCallback((next: TransferStatus) => setFilter('status', next === 'all' ? '' : next), [setFilter]);
  return [status, change];
}

/** A page of transfers with the period filter; edit and withdraw actions where the viewer may change them. */
export function TransferTable({
  label,
  view,
  page,
  state,
  onChange,
  status,
  onStatusChange,
  onEdit,
  onDelete,
  editDisabled = false,
}: {
  label: string;
  view: 'company' | 'given' | 'received';
  page: { data?: { items: PermissionTransfer[]; total: number }; isFetching: boolean; isError: boolean };
  state: ListState<TransferSort>;
  onChange: (change: Partial<ListState<TransferSort>>) => void;
  status: TransferStatus;
  onStatusChange: (next: TransferStatus) => void;
  onEdit?: (transfer: PermissionTransfer) => void;
  onDelete?: (transfer: PermissionTransfer) => void;
  editDisabled?: boolean;
}) {
  const { t } = useTranslation('adminRoles');
  const columns = useTransferColumns(view);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={page.data?.items}
      total={page.data?.total}
      rowKey={(row) => row.id}
      state={state}
      onChange={onChange}
      isLoading={page.isFetching}
      isError={page.isError}
      toolbar={
        <TextField select size="small" label={t('deputyAuth.statusFilter')} value={status} onChange={(event) => onStatusChange(event.target.value as TransferStatus)} sx={{ minWidth: 180 }}>
          {DEPUTY_AUTH_STATUS_FILTERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`deputyAuth.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      actions={
        onEdit && onDelete
          ? (row) => (
              <>
                <Tooltip title={t('deputyAuth.edit', { name: personName(row.to_user) })}>
                  <IconButton size="small" onClick={() => onEdit(row)} disabled={editDisabled} aria-label={t('deputyAuth.edit', { name: personName(row.to_user) })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('deputyAuth.delete', { name: personName(row.to_user) })}>
                  <IconButton size="small" onClick={() => onDelete(row)} aria-label={t('deputyAuth.delete', { name: personName(row.to_user) })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )
          : undefined
      }
    />
  );
}

/**
 * The columns of a list of transferred permissions: the administrator's ('company') names both people;
 * one's own lists name the other person only: whom I handed over to ('given'), or who handed over to me ('received').
 */
function useTransferColumns(view: 'company' | 'given' | 'received'): DataColumn<PermissionTransfer, TransferSort>[] {
  const { t, i18n } = useTranslation('adminRoles');
  const { t: tp } = useTranslation('permissions');
  const { t: tc } = useTranslation('companyAdmin');
  const language = i18n.language;
  return useMemo(() => {
    const toUser: DataColumn<PermissionTransfer, TransferSort> = {
      key: 'to_user',
      label: t('deputyAuth.columns.toUser'),
      sortKey: 'to_user',
      render: (row) => `${personName(row.to_user)} (${row.to_user.login})`,
    };
    const grantedBy: DataColumn<PermissionTransfer, TransferSort> = { key: 'granted_by', label: t('deputyAuth.columns.grantedBy'), render: (row) => personName(row.from_user) };
    return [
      ...(view === 'received' ? [] : [toUser]),
      ...(view === 'received' ? [grantedBy] : []),
      {
        key: 'what',
        label: t('deputyAuth.columns.what'),
        render: (row) => (row.permission_name ? tp(`names.${row.permission_name}`) : row.role ? t('deputyAuth.rolePrefix', { name: row.role.name }) : tc('none')),
      },
      { key: 'date_from', label: t('deputyAuth.dateFrom'), sortKey: 'date_from', render: (row) => formatWallTime(row.date_from, language) },
      { key: 'date_to', label: t('deputyAuth.dateTo'), sortKey: 'date_to', render: (row) => formatWallTime(row.date_to, language) },
      {
        key: 'state',
        label: t('deputyAuth.columns.state'),
        render: (row) => <Chip size="small" color={STATE_COLOURS[row.state]} label={t(`deputyAuth.status.${row.state}`)} />,
      },
      ...(view === 'company' ? [grantedBy] : []),
      { key: 'comment', label: t('deputyAuth.columns.comment'), render: (row) => row.comment || tc('none') },
    ];
  }, [t, tp, tc, view, language]);
}

interface TransferFormValues {
  to_user_id: string;
  kind: 'permission' | 'role';
  permission_name: '' | Permission;
  role_id: string;
  date_from: string;
  date_to: string;
  comment: string;
}
const TRANSFER_FIELDS = ['to_user_id', 'permission_name', 'role_id', 'date_from', 'date_to', 'comment'] as const;

function validateTransfer(values: TransferFormValues): Issue[] {
  const issues: Issue[] = [];
  if (values.to_user_id === '') issues.push({ path: ['to_user_id'], code: 'global.error.required' });
  if (values.kind === 'permission' && values.permission_name === '') issues.push({ path: ['permission_name'], code: 'global.error.required' });
  if (values.kind === 'role' && values.role_id === '') issues.push({ path: ['role_id'], code: 'global.error.required' });
  if (values.date_from === '') issues.push({ path: ['date_from'], code: 'global.error.required' });
  if (values.date_to === '') issues.push({ path: ['date_to'], code: 'global.error.required' });
  else if (values.date_from !== '' && values.date_to < values.date_from) issues.push({ path: ['date_to'], code: 'validation.dateRange' });
  if (values.comment.length > 1000) issues.push({ path: ['comment'], code: 'validation.maxLength', params: { max: 1000 } });
  return issues;
}

/** How the dialog saves: the administrator's call, or one's own. */
export interface TransferSaver {
  mutate: (body: PermissionTransferSaveBody, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * Hands a permission or a role over for a time. `options.permissions`, when given, are the only permissions
 * offered (one's own, on `/substitutes/deputyAuth`); otherwise the whole catalogue.
 */
export function TransferDialog({
  transfer,
  options,
  save,
  onClose,
  onSaved,
}: {
  transfer: PermissionTransfer | null;
  options: RoleOptions & { permissions?: readonly Permission[] };
  save: TransferSaver;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('adminRoles');
  const { t: tp } = useTranslation('permissions');
  const today = toLocalDate(new Date());
  const form = useForm<TransferFormValues>({
    defaultValues: {
      to_user_id: transfer ? String(transfer.to_user.id) : '',
      kind: transfer?.role ? 'role' : 'permission',
      permission_name: transfer?.permission_name ?? '',
      role_id: transfer?.role ? String(transfer.role.id) : '',
      date_from: transfer?.date_from ?? today,
      date_to: transfer?.date_to ?? '',
      comment: transfer?.comment ?? '',
    },
    resolver: issueResolver(validateTransfer),
  });
  const kind = useController({ control: form.control, name: 'kind' });
  const permission = useController({ control: form.control, name: 'permission_name' });
  const chosenKind = useWatch({ control: form.control, name: 'kind' });
  const users = options.users
    .filter((user) => user.is_active || String(user.id) === form.getValues('to_user_id'))
    .map((user) => ({ value: String(user.id), label: `${user.surname} ${user.name} (${user.login})` }));

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        ...(transfer ? { id: transfer.id } : {}),
        to_user_id: values.to_user_id === '' ? null : Number(values.to_user_id),
        permission_name: values.kind === 'permission' && values.permission_name !== '' ? values.permission_name : null,
        role_id: values.kind === 'role' && values.role_id !== '' ? Number(values.role_id) : null,
        date_from: values.date_from,
        date_to: values.date_to,
        comment: values.comment.trim(),
      },
      { onSuccess: onSaved, onError: (error) => void applyServerIssues(error, form.setError, TRANSFER_FIELDS) },
    ),
  );
  const permissionError = fieldErrorText(permission.fieldState.error);
  const offered = options.permissions;
  const permissionGroups = offered
    ? PERMISSION_GROUPS.map((group) => ({ ...group, permissions: group.permissions.filter((name) => offered.includes(name)) })).filter((group) => group.permissions.length > 0)
    : PERMISSION_GROUPS;
  return (
    <FormDialog open title={t(transfer ? 'deputyAuth.dialogEdit' : 'deputyAuth.dialogNew')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending}>
      <FormAutocompleteField control={form.control} name="to_user_id" label={t('deputyAuth.toUser')} options={users} />
      <Box>
        <FormLabel id="transfer-kind-label">{t('deputyAuth.kind')}</FormLabel>
        <RadioGroup row aria-labelledby="transfer-kind-label" value={kind.field.value} onChange={(event) => kind.field.onChange(event.target.value)}>
          <FormControlLabel value="permission" control={<Radio />} label={t('deputyAuth.kindPermission')} />
          <FormControlLabel value="role" control={<Radio />} label={t('deputyAuth.kindRole')} />
        </RadioGroup>
      </Box>
      {chosenKind === 'permission' ? (
        <TextField
          select
          fullWidth
          label={t('deputyAuth.permission')}
          value={permission.field.value}
          onChange={(event) => permission.field.onChange(event.target.value)}
          inputRef={permission.field.ref}
          error={Boolean(permissionError)}
          helperText={permissionError}
        >
          {permissionGroups.flatMap((group) => [
            <ListSubheader key={`group-${group.key}`}>{tp(`groups.${group.key}`)}</ListSubheader>,
            ...group.permissions.map((name) => (
              <MenuItem key={name} value={name} disabled={!isGrantablePermission(name, options.is_admin_context)}>
                {tp(`names.${name}`)}
              </MenuItem>
            )),
          ])}
        </TextField>
      ) : (
        <FormSelectField
          control={form.control}
          name="role_id"
          label={t('deputyAuth.role')}
          options={options.roles.filter((role) => !role.is_blocked).map((role) => ({ value: String(role.id), label: role.name }))}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormDateField control={form.control} name="date_from" {...ANY_DAY_LIMITS} label={t('deputyAuth.dateFrom')} />
        <FormDateField control={form.control} name="date_to" {...ANY_DAY_LIMITS} label={t('deputyAuth.dateTo')} />
      </Box>
      <FormTextField control={form.control} name="comment" label={t('deputyAuth.comment')} multiline maxLength={1000} />
    </FormDialog>
  );
}
