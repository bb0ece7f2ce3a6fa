import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { NUMBERING_DOCUMENT_TYPES, type NumberingDocumentType } from '@delego/domain';
import type { NumberTemplateDto } from '@delego/contract';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';
import { useDeleteNumberTemplate, useNumberTemplates } from './api/use-number-templates.ts';

type Sort = 'document_type' | 'mask' | 'reset_type' | 'is_active' | 'updated_at';
const BASE_PATH = '/settings/system-settings/document-number-template';

function isDocumentType(value: string | null): value is NumberingDocumentType {
  return (NUMBERING_DOCUMENT_TYPES as readonly (string | null)[]).includes(value);
}

/** `/settings/system-settings/document-number-template`: the company's numbering templates. */
export function NumberTemplateListPage() {
  const { t } = useTranslation('numbering');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'document_type' });
  const { params, setFilter } = useListFilters();
  const documentTypeParam = params.get('document_type');
  const documentType = isDocumentType(documentTypeParam) ? documentTypeParam : undefined;
  const list = useNumberTemplates({ ...query, document_type: documentType });
  const remove = useDeleteNumberTemplate();
  const deletion = useDeleteConfirmation<NumberTemplateDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('form.deleted') });

  const columns: DataColumn<NumberTemplateDto, Sort>[] = [
    { key: 'document_type', label: t('columns.documentType'), sortKey: 'document_type', render: (row) => t(`documentTypes.${row.document_type}`) },
    { key: 'mask', label: t('columns.mask'), sortKey: 'mask', render: (row) => <code>{row.mask}</code> },
    { key: 'reset_type', label: t('columns.resetType'), sortKey: 'reset_type', render: (row) => t(`resetTypes.${row.reset_type}`) },
    { key: 'description', label: t('columns.description'), render: (row) => row.description },
    {
      key: 'is_active',
      label: t('columns.status'),
      sortKey: 'is_active',
      render: (row) => <Chip size="small" color={row.is_active ? 'success' : 'default'} label={t(row.is_active ? 'list.active' : 'list.inactive')} />,
    },
    { key: 'issued', label: t('columns.issued'), align: 'right', render: (row) => row.issued_count },
  ];

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.documentNumberTemplate')}
        description={t('list.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${BASE_PATH}/new`}>
            {t('list.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.documentNumberTemplate')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('list.filterDocumentType')}
            value={documentType ?? ''}
            onChange={(value) => setFilter('document_type', value)}
            allLabel={t('list.allDocumentTypes')}
            options={NUMBERING_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documentTypes.${type}`) }))}
            minWidth={220}
          />
        }
        actions={(row) => (
          <>
            <Tooltip title={t('list.edit', { mask: row.mask })}>
              <IconButton aria-label={t('list.edit', { mask: row.mask })} component={RouterLink} to={`${BASE_PATH}/edit/${row.id}`}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={row.issued_count > 0 ? t('list.deleteUsed') : t('list.delete', { mask: row.mask })}>
              <span>
                <IconButton aria-label={t('list.delete', { mask: row.mask })} disabled={row.issued_count > 0} onClick={() => deletion.ask(row)}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('list.deleteTitle')}
        message={t('list.deleteMessage', { mask: deletion.target?.mask ?? '' })}
        confirmLabel={t('common:actions.delete')}
        destructive
      />
    </>
  );
}
