import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { DELEGATION_LIST_SCOPES, delegationFilesApi, type DelegationListItem, type DelegationListScope, type DelegationListSort } from '@delego/contract';
import { SETTLEMENT_STATUSES, dec, type DocumentAction, type SettlementStatus, formatMoneyText, formatWallPeriod } from '@delego/domain';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useAvailableUsers, useSettlementList } from './api/settlements.ts';
import { ACTION_ORDER, ConfirmActionDialog } from './components/document-actions.tsx';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { LIST_PATH } from './components/settlement-editor.tsx';
import { StatusChip } from './components/status-chip.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';

type WorkflowAction = Exclude<DocumentAction, 'edit'>;
const FILTER_KEYS = ['scope', 'status', 'date_from', 'date_to', 'user_id', 'number'] as const;
const LISTED_STATUSES = SETTLEMENT_STATUSES.filter((status): status is Exclude<SettlementStatus, 'deleted'> => status !== 'deleted');
const DECISIONS: readonly DocumentAction[] = ['accept', 'settle', 'reject', 'returnForCorrection'];
/** The actions of the row menu (decisions open the decision screen or the quick buttons). */
const MENU_ACTIONS: readonly WorkflowAction[] = ['submit', 'withdraw', 'stepBack', 'cancel', 'delete'];

function isScope(value: string | null): value is DelegationListScope {
  return (DELEGATION_LIST_SCOPES as readonly (string | null)[]).includes(value);
}

function isListedStatus(value: string | null): value is Exclude<SettlementStatus, 'deleted'> {
  return (LISTED_STATUSES as readonly (string | null)[]).includes(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/delegation`: the settlements the user may see (spec §2, §7 `delegation/list`), with filters, paging and row actions. */
export function SettlementListPage() {
  const { t, i18n } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<DelegationListSort>({ sort: 'start_date', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const scope = params.get('scope');
  const status = params.get('status');
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const userId = Number(params.get('user_id')) || undefined;
  const number = params.get('number') ?? '';
  const list = useSettlementList({
    ...query,
    ...(isScope(scope) ? { scope } : {}),
    ...(isListedStatus(status) ? { status } : {}),
    ...(DAY.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DAY.test(dateTo) ? { date_to: dateTo } : {}),
    ...(userId ? { user_id: userId } : {}),
    ...(number.trim() ? { number: number.trim() } : {}),
  });
  const users = useAvailableUsers();
  const files = useFileDownload();
  const [confirm, setConfirm] = useState<{ row: DelegationListItem; action: WorkflowAction } | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: DelegationListItem } | null>(null);

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const hasFilters = FILTER_KEYS.some((key) => params.has(key));

  const money = (amount: string) => formatMoneyText(amount, 'PLN', i18n.language);
  const columns: DataColumn<DelegationListItem, DelegationListSort>[] = [
    {
      key: 'number',
      label: t('list.columns.number'),
      sortKey: 'number',
      // The order the settlement settles goes with its number: it names the trip as much as the number does.
      render: (row) => (
        <>
          {row.number ?? (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('list.noNumber')}
            </Typography>
          )}
          {row.delegation_order_number && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('list.fromOrder', { number: row.delegation_order_number })}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'employee', label: t('list.columns.employee'), sortKey: 'employee', render: (row) => row.employee_name },
    {
      key: 'period',
      label: t('list.columns.period'),
      sortKey: 'start_date',
      render: (row) => formatWallPeriod(row.start_date, row.end_date, i18n.language),
    },
    { key: 'destination', label: t('list.columns.destination'), render: (row) => row.destination_text ?? '' },
    { key: 'total', secondary: true, label: t('list.columns.total'), sortKey: 'total_pln', align: 'right', render: (row) => money(row.total_pln) },
    {
      key: 'balance',
      label: t('list.columns.balance'),
      align: 'right',
      render: (row) => <Box component="span" sx={{ color: dec(row.balance_pln).isNegative() ? 'error.main' : undefined }}>{money(row.balance_pln)}</Box>,
    },
    { key: 'status', label: t('list.columns.status'), sortKey: 'status', render: (row) => <StatusChip status={row.status} stage={row.stage} waitingForBudget={row.waiting_for_budget} /> },
    {
      key: 'files',
      secondary: true,
      label: t('list.columns.files'),
      align: 'center',
      render: (row) =>
        row.attachment_count > 0 ? (
          <Tooltip title={t('list.filesCount', { count: row.attachment_count })}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }} aria-label={t('list.filesCount', { count: row.attachment_count })}>
              <AttachFileIcon fontSize="small" aria-hidden />
              {row.attachment_count}
            </Box>
          </Tooltip>
        ) : null,
    },
  ];

  // A settlement without a number is named by its employee and trip, the dates as the language writes them.
  const name = (row: DelegationListItem) => row.number ?? `${row.employee_name}, ${formatWallPeriod(row.start_date, row.end_date, i18n.language)}`;

  return (
    <>
      <PageHeader
        title={tr('delegation.list')}
        description={t('list.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${LIST_PATH}/start`}>
            {t('list.new')}
          </Button>
        }
      />
      <DataTable
        label={t('list.label')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsExact={list.data?.total_is_exact}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.number ?? `${t('list.noNumber')} ${formatWallPeriod(row.start_date, row.end_date, i18n.language)}`}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <>
            <TextField select size="small" label={t('list.filters.scope')} value={isScope(scope) ? scope : 'all'} onChange={(event) => setFilter('scope', event.target.value === 'all' ? '' : event.target.value)} sx={{ minWidth: 200 }}>
              <MenuItem value="all">{t('list.filters.scopeAll')}</MenuItem>
              <MenuItem value="own">{t('list.filters.scopeOwn')}</MenuItem>
              <MenuItem value="toDecide">{t('list.filters.scopeToDecide')}</MenuItem>
            </TextField>
            <FilterSelect
              label={t('list.filters.status')}
              value={isListedStatus(status) ? status : ''}
              onChange={(value) => setFilter('status', value)}
              allLabel={t('list.filters.anyStatus')}
              options={LISTED_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              minWidth={200}
            />
            <FilterDateField label={t('list.filters.dateFrom')} value={DAY.test(dateFrom) ? dateFrom : ''} onChange={(day) => setFilter('date_from', day)} />
            <FilterDateField label={t('list.filters.dateTo')} value={DAY.test(dateTo) ? dateTo : ''} onChange={(day) => setFilter('date_to', day)} />
            {(users.data?.items.length ?? 0) > 1 && (
              <FilterSelect
                label={t('list.filters.worker')}
                value={userId ? String(userId) : ''}
                onChange={(value) => setFilter('user_id', value)}
                allLabel={t('list.filters.anyWorker')}
                options={(users.data?.items ?? []).map((person) => ({ value: String(person.id), label: person.fullName }))}
                minWidth={220}
              />
            )}
            <TextField size="small" label={t('list.filters.number')} value={number} onChange={(event) => setFilter('number', event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            {hasFilters && (
              <Button
                onClick={() =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      for (const key of FILTER_KEYS) next.delete(key);
                      next.delete('page');
                      return next;
                    },
                    { replace: true },
                  )
                }
              >
                {t('list.filters.clear')}
              </Button>
            )}
          </>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('actions.view')}>
              <IconButton aria-label={`${t('actions.view')}: ${name(row)}`} component={RouterLink} to={`${LIST_PATH}/readonly/${row.id}`}>
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
            {row.allowedActions.includes('edit') && (
              <Tooltip title={t('actions.edit')}>
                <IconButton aria-label={`${t('actions.edit')}: ${name(row)}`} component={RouterLink} to={`${LIST_PATH}/edit/${row.id}`}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            {row.allowedActions.some((action) => DECISIONS.includes(action)) && (
              <Tooltip title={t('actions.decide')}>
                <IconButton aria-label={`${t('actions.decide')}: ${name(row)}`} component={RouterLink} to={`${LIST_PATH}/decision/${row.id}`}>
                  <FactCheckIcon />
                </IconButton>
              </Tooltip>
            )}
            {row.allowedActions.includes('accept') && (
              <Tooltip title={t('actions.quickAccept')}>
                <IconButton aria-label={`${t('actions.quickAccept')}: ${name(row)}`} color="success" onClick={() => setConfirm({ row, action: 'accept' })}>
                  <PlaylistAddCheckIcon />
                </IconButton>
              </Tooltip>
            )}
            {row.allowedActions.includes('settle') && (
              <Tooltip title={t('actions.quickSettle')}>
                <IconButton aria-label={`${t('actions.quickSettle')}: ${name(row)}`} color="success" onClick={() => setConfirm({ row, action: 'settle' })}>
                  <DoneAllIcon />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title={t('actions.more', { name: name(row) })}>
              <IconButton aria-label={t('actions.more', { name: name(row) })} aria-haspopup="menu" onClick={(event) => setMenu({ anchor: event.currentTarget, row })}>
                <MoreVertIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu &&
          ACTION_ORDER.filter((action) => MENU_ACTIONS.includes(action) && menu.row.allowedActions.includes(action)).map((action) => (
            <MenuItem
              key={action}
              onClick={() => {
                setConfirm({ row: menu.row, action });
                setMenu(null);
              }}
            >
              <ListItemText>{t(`actions.${action}`)}</ListItemText>
            </MenuItem>
          ))}
        {menu && (
          <MenuItem
            onClick={() => {
              void files.download(delegationFilesApi.pdf.path, { id: menu.row.id });
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <PictureAsPdfIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('actions.pdf')}</ListItemText>
          </MenuItem>
        )}
        {menu && (
          <MenuItem
            onClick={() => {
              void files.download(delegationFilesApi.allAttachments.path, { id: menu.row.id });
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <FolderZipIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('actions.downloadAll')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ConfirmActionDialog settlement={confirm?.row ?? null} action={confirm?.action ?? null} onClose={() => setConfirm(null)} />
      {files.dialog}
    </>
  );
}
