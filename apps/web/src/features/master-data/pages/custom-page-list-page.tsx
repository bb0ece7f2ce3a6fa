import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { pageInLanguage, formatDateTime } from '@delego/domain';
import type { CustomPageSummary } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useCustomPages, useDeleteCustomPage } from '../api/pages.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';

type Sort = 'sort_order' | 'title' | 'alias' | 'updated_at';
const BASE_PATH = '/settings/custom-webpage';

/** `/settings/custom-webpage`: the company's own information pages shown under /delegation-info. */
export function CustomPageListPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'sort_order' });
  const list = useCustomPages(query);
  const remove = useDeleteCustomPage();
  const [deleting, setDeleting] = useState<CustomPageSummary | null>(null);
  const titleOf = (row: CustomPageSummary) => pageInLanguage({ ...row, content_pl: '', content_en: '' }, i18n.language).title;

  const columns: DataColumn<CustomPageSummary, Sort>[] = [
    { key: 'title', label: t('pages.columns.title'), sortKey: 'title', render: (row) => titleOf(row) },
    {
      key: 'alias',
      label: t('pages.columns.address'),
      sortKey: 'alias',
      render: (row) => (
        <Link component={RouterLink} to={`/delegation-info/${row.alias}`}>
          {`/delegation-info/${row.alias}`}
        </Link>
      ),
    },
    { key: 'show_in_menu', label: t('pages.columns.inMenu'), render: (row) => <StatusChip on={row.show_in_menu} onLabel={t('common.yes')} offLabel={t('common.no')} /> },
    { key: 'sort_order', label: t('pages.fields.sortOrder'), sortKey: 'sort_order', align: 'right', render: (row) => row.sort_order },
    { key: 'updated_at', label: t('pages.columns.updatedAt'), sortKey: 'updated_at', render: (row) => formatDateTime(row.updated_at, i18n.language) },
  ];

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.customWebpage')}
        description={t('pages.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${BASE_PATH}/edit/new`}>
            {t('pages.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.customWebpage')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        actions={(row) => (
          <>
            <Tooltip title={t('common.editNamed', { name: titleOf(row) })}>
              <IconButton aria-label={t('common.editNamed', { name: titleOf(row) })} component={RouterLink} to={`${BASE_PATH}/edit/${row.id}`}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.deleteNamed', { name: titleOf(row) })}>
              <IconButton aria-label={t('common.deleteNamed', { name: titleOf(row) })} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <DeleteDialog
        open={deleting !== null}
        title={t('pages.deleteTitle')}
        question={t('pages.deleteQuestion', { name: deleting ? titleOf(deleting) : '' })}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('pages.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
