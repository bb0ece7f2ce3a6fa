import { useCallback, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@delego/contract';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useAuditLog, useLogFilterOptions } from '../api/logs.ts';
import { auditDiff, formatWarsawTime } from './audit-diff.ts';
import { FilterDateField } from '../../../components/inputs/filter-date-field.tsx';

type Person = NonNullable<AuditEntry['user']>;
const personName = (person: Person) => `${person.name} ${person.surname}`;
const FILTER_KEYS = ['user_id', 'date_from', 'date_to', 'entity_type', 'action'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function useLabels() {
  const { t, i18n } = useTranslation('adminLogs');
  const actionLabel = useCallback((action: string) => (i18n.exists(`actions.${action}`, { ns: 'adminLogs' }) ? t(`actions.${action}`) : action), [t, i18n]);
  const entityLabel = useCallback((type: string) => (i18n.exists(`entities.${type}`, { ns: 'adminLogs' }) ? t(`entities.${type}`) : type), [t, i18n]);
  return { actionLabel, entityLabel };
}

/** `/settings/logs`: the company's audit trail, read-only; with `?user_id=` the action log of one user. */
export function LogsPage() {
  const { t } = useTranslation('adminLogs');
  const { actionLabel, entityLabel } = useLabels();
  const { state, query, update } = useListState<'created_at'>({ sort: 'created_at', order: 'desc' });
  const { params, setFilter, setFilters } = useListFilters();
  const filters = useMemo(() => {
    const userId = Number(params.get('user_id'));
    const dateFrom = params.get('date_from') ?? '';
    const dateTo = params.get('date_to') ?? '';
    return {
      user_id: Number.isInteger(userId) && userId !== 0 ? userId : undefined,
      date_from: DATE.test(dateFrom) ? dateFrom : undefined,
      date_to: DATE.test(dateTo) ? dateTo : undefined,
      entity_type: params.get('entity_type') || undefined,
      action: params.get('action') || undefined,
    };
  }, [params]);
  const log = useAuditLog({ ...query, ...filters });
  const options = useLogFilterOptions();
  const [shown, setShown] = useState<AuditEntry | null>(null);

  const clearFilters = () => setFilters(Object.fromEntries([...FILTER_KEYS, 'search'].map((key) => [key, ''])));

  const people = options.data?.users ?? [];
  const selectedUser = people.find((person) => person.id === filters.user_id) ?? null;

  const columns = useMemo<DataColumn<AuditEntry, 'created_at'>[]>(
    () => [
      { key: 'time', label: t('columns.time'), sortKey: 'created_at', render: (entry) => formatWarsawTime(entry.created_at) },
      {
        key: 'who',
        label: t('columns.who'),
        render: (entry) => {
          if (!entry.user) return t('system');
          if (entry.context_user && entry.context_user.id !== entry.user.id) {
            return t('actingAs', { user: personName(entry.user), context: personName(entry.context_user) });
          }
          return personName(entry.user);
        },
      },
      { key: 'action', label: t('columns.action'), render: (entry) => actionLabel(entry.action) },
      {
        key: 'object',
        label: t('columns.object'),
        render: (entry) => (entry.entity_id ? `${entityLabel(entry.entity_type)} #${entry.entity_id}` : entityLabel(entry.entity_type)),
      },
      { key: 'ip', label: t('columns.ip'), render: (entry) => entry.ip_address ?? '' },
    ],
    [t, actionLabel, entityLabel],
  );

  return (
    <>
      <PageHeader
        title={selectedUser ? t('userTitle', { name: personName(selectedUser) }) : t('title')}
        subtitle={t('intro')}
        back={filters.user_id && filters.user_id > 0 ? { to: `/settings/users/edit/${filters.user_id}/basic`, label: t('backToUser') } : undefined}
      />
      <SettingsNavigation />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <Autocomplete
          sx={{ minWidth: 260 }}
          size="small"
          options={people}
          value={selectedUser}
          onChange={(_event, person) => setFilter('user_id', person ? String(person.id) : '')}
          getOptionLabel={(person) => `${person.surname} ${person.name} (${person.login})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(inputProps) => <TextField {...inputProps} label={t('filters.user')} />}
        />
        <FilterDateField label={t('filters.dateFrom')} value={filters.date_from ?? ''} onChange={(day) => setFilter('date_from', day)} />
        <FilterDateField label={t('filters.dateTo')} value={filters.date_to ?? ''} onChange={(day) => setFilter('date_to', day)} />
        <TextField select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} label={t('filters.entityType')} value={filters.entity_type ?? ''} onChange={(event) => setFilter('entity_type', event.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(options.data?.entity_types ?? []).map((type) => (
            <MenuItem key={type} value={type}>
              {entityLabel(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} label={t('filters.action')} value={filters.action ?? ''} onChange={(event) => setFilter('action', event.target.value)} sx={{ minWidth: 240 }}>
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(options.data?.actions ?? []).map((action) => (
            <MenuItem key={action} value={action}>
              {actionLabel(action)}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={clearFilters}>{t('filters.clear')}</Button>
      </Box>
      <DataTable
        label={t('title')}
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total}
        rowKey={(entry) => entry.id}
        state={state}
        onChange={update}
        isLoading={log.isFetching}
        isError={log.isError}
        actions={(entry) => (
          <Tooltip title={t('details', { id: entry.id })}>
            <IconButton size="small" onClick={() => setShown(entry)} aria-label={t('details', { id: entry.id })}>
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      {shown && <EntryDialog entry={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function EntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation('adminLogs');
  const { t: tcommon } = useTranslation('common');
  const { actionLabel, entityLabel } = useLabels();
  const rows = useMemo(() => auditDiff(entry.before, entry.after), [entry]);
  const hasBoth = entry.before !== null && entry.before !== undefined && entry.after !== null && entry.after !== undefined;
  const [onlyChanged, setOnlyChanged] = useState(hasBoth);
  const visible = onlyChanged ? rows.filter((row) => row.changed) : rows;
  const facts: [string, string][] = [
    [t('dialog.when'), formatWarsawTime(entry.created_at)],
    [t('dialog.who'), entry.user ? `${personName(entry.user)} (${entry.user.login})` : t('system')],
    ...(entry.context_user && entry.user && entry.context_user.id !== entry.user.id
      ? ([[t('dialog.actingAs'), `${personName(entry.context_user)} (${entry.context_user.login})`]] as [string, string][])
      : []),
    [t('dialog.action'), actionLabel(entry.action)],
    [t('dialog.object'), entry.entity_id ? `${entityLabel(entry.entity_type)} #${entry.entity_id}` : entityLabel(entry.entity_type)],
    [t('dialog.ip'), entry.ip_address ?? ''],
    [t('dialog.requestId'), entry.request_id ?? ''],
  ];
  const cell = (value: string | null) => (value === null || value === '' ? <Typography component="span" color="text.secondary">{t('dialog.empty')}</Typography> : value);
  return (
    <Dialog open onClose={onClose} aria-labelledby="audit-entry-title" maxWidth="md" fullWidth>
      <DialogTitle id="audit-entry-title">{t('dialog.title')}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3">
            {t('dialog.changes')}
          </Typography>
          {hasBoth && <FormControlLabel control={<Switch checked={onlyChanged} onChange={(event) => setOnlyChanged(event.target.checked)} />} label={t('dialog.onlyChanged')} />}
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('dialog.noData')}</Typography>
        ) : (
          <Table size="small" aria-label={t('dialog.changes')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dialog.field')}</TableCell>
                <TableCell>{t('dialog.before')}</TableCell>
                <TableCell>{t('dialog.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((row) => (
                <TableRow key={row.field} sx={row.changed && hasBoth ? { bgcolor: 'action.hover', '& td': { fontWeight: 500 } } : undefined}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.field}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{cell(row.before)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{cell(row.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tcommon('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

