import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@delego/domain';
import type { MAILING_LIST_SORT_COLUMNS, MAILING_SORT_COLUMNS, MailingItem, MailingListItem } from '@delego/contract';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDeleteMailing, useDeleteMailingList, useMailingLists, useMailings } from './api/mailing.ts';
import { ListEditorDialog } from './list-editor-dialog.tsx';
import { MailingDetailView, ProgressBar, STATUS_COLORS } from './mailing-detail.tsx';
import { MailingEditorDialog } from './mailing-editor-dialog.tsx';
import { ruleLabel } from './rule-label.ts';

type Section = 'mailings' | 'lists';


/**
 * `/admin/mailing` (spec §2, §6 manageMailingList): the provider's mailings and recipient lists on two tabs;
 * `?mailing=<id>` opens one mailing, so its address can be reloaded or shared.
 */
export function MailingPage() {
  const { t } = useTranslation('mailing');
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('tab') === 'lists' ? 'lists' : 'mailings';
  const opened = Number(params.get('mailing')) || null;
  const open = (id: number | null) => setParams(id === null ? {} : { mailing: String(id) });

  if (opened !== null) return <MailingDetailView id={opened} onBack={() => open(null)} />;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={section} onChange={(_event, value: Section) => setParams(value === 'lists' ? { tab: 'lists' } : {})} aria-label={t('title')} sx={{ mb: 2 }}>
        <Tab value="mailings" label={t('tabs.mailings')} />
        <Tab value="lists" label={t('tabs.lists')} />
      </Tabs>
      {section === 'mailings' ? <MailingsSection onOpen={open} /> : <ListsSection />}
    </>
  );
}

function MailingsSection({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('mailing');
  const { state, query, update } = useListState<(typeof MAILING_SORT_COLUMNS)[number]>({ sort: 'created_at', order: 'desc' });
  const mailings = useMailings(query);
  const remove = useDeleteMailing();
  const [isCreating, setCreating] = useState(false);
  const deletion = useDeleteConfirmation<MailingItem, number>(remove, { variables: (row) => row.id, deletedMessage: t('mailings.deleted') });

  const columns = useMemo<DataColumn<MailingItem, (typeof MAILING_SORT_COLUMNS)[number]>[]>(
    () => [
      {
        key: 'subject',
        label: t('mailings.subject'),
        sortKey: 'subject',
        render: (row) => (
          <>
            {row.subject_pl}
            <Typography variant="body2" color="text.secondary">
              {row.list_name}
            </Typography>
          </>
        ),
      },
      { key: 'status', label: t('mailings.status'), render: (row) => <Chip size="small" color={STATUS_COLORS[row.status]} label={t(`statuses.${row.status}`)} /> },
      { key: 'progress', label: t('mailings.progress'), render: (row) => (row.status === 'draft' ? '—' : <ProgressBar progress={row.progress} />) },
      { key: 'created_at', secondary: true, label: t('mailings.createdAt'), sortKey: 'created_at', render: (row) => `${formatDateTime(row.created_at, i18n.language)} · ${row.created_by}` },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <DataTable
        label={t('tabs.mailings')}
        columns={columns}
        rows={mailings.data?.items}
        total={mailings.data?.total}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.subject_pl}
        state={state}
        onChange={update}
        isLoading={mailings.isFetching}
        isError={mailings.isError}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('mailings.add')}
          </Button>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('mailings.open', { subject: row.subject_pl })}>
              <IconButton size="small" aria-label={t('mailings.open', { subject: row.subject_pl })} onClick={() => onOpen(row.id)}>
                <VisibilityIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {row.status === 'draft' && (
              <Tooltip title={t('mailings.delete', { subject: row.subject_pl })}>
                <IconButton size="small" aria-label={t('mailings.delete', { subject: row.subject_pl })} onClick={() => deletion.ask(row)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('mailings.deleteTitle')}
        message={t('mailings.deleteBody', { subject: deletion.target?.subject_pl ?? '' })}
        confirmLabel={t('mailings.deleteConfirm')}
        destructive
      />
      {isCreating && (
        <MailingEditorDialog
          mailing={null}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            onOpen(id);
          }}
        />
      )}
    </>
  );
}

function ListsSection() {
  const { t, i18n } = useTranslation('mailing');
  const { state, query, update } = useListState<(typeof MAILING_LIST_SORT_COLUMNS)[number]>({ sort: 'name' });
  const lists = useMailingLists(query);
  const remove = useDeleteMailingList();
  const [editing, setEditing] = useState<MailingListItem | 'new' | null>(null);
  const deletion = useDeleteConfirmation<MailingListItem, number>(remove, { variables: (row) => row.id, deletedMessage: t('lists.deleted') });

  const columns = useMemo<DataColumn<MailingListItem, (typeof MAILING_LIST_SORT_COLUMNS)[number]>[]>(
    () => [
      { key: 'name', label: t('lists.name'), sortKey: 'name', render: (row) => row.name },
      { key: 'rules', label: t('lists.recipients'), render: (row) => row.rules.map((rule) => ruleLabel(t, rule)).join('; ') },
      { key: 'mailings', secondary: true, label: t('lists.mailingCount'), render: (row) => row.mailing_count },
      { key: 'updated_at', secondary: true, label: t('lists.updatedAt'), sortKey: 'updated_at', render: (row) => formatDateTime(row.updated_at, i18n.language) },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <DataTable
        label={t('tabs.lists')}
        columns={columns}
        rows={lists.data?.items}
        total={lists.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={lists.isFetching}
        isError={lists.isError}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('lists.add')}
          </Button>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('lists.edit', { name: row.name })}>
              <IconButton size="small" aria-label={t('lists.edit', { name: row.name })} onClick={() => setEditing(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('lists.delete', { name: row.name })}>
              <IconButton size="small" aria-label={t('lists.delete', { name: row.name })} onClick={() => deletion.ask(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('lists.deleteTitle')}
        message={t('lists.deleteBody', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('lists.deleteConfirm')}
        destructive
      />
      {editing !== null && <ListEditorDialog list={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
