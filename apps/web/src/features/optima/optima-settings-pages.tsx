import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import {
  useMapOptimaContractor,
  useMapOptimaEmployee,
  useOptimaCategories,
  useOptimaContractors,
  useOptimaEmployees,
  useOptimaImport,
} from './api/optima.ts';
import { exportAreaScreen } from './export-area-guard.tsx';

/**
 * Imports Optima's dictionaries from its offline XML export (categories, contractors and employees at
 * once); a file that is not Optima's is refused with a message and nothing is imported.
 */
function OptimaImportCard() {
  const { t } = useTranslation('optima');
  const importer = useOptimaImport();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="body2">{t('import.intro')}</Typography>
        <div>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} loading={importer.isPending}>
            {t('import.choose')}
            <input
              hidden
              type="file"
              accept=".xml,application/xml,text/xml"
              aria-label={t('import.choose')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setOutcome(null);
                importer.mutate(file, {
                  onSuccess: (counts) =>
                    setOutcome({
                      severity: 'success',
                      text: t('import.done', {
                        categories: counts.categories.created + counts.categories.updated,
                        contractors: counts.contractors.created + counts.contractors.updated,
                        employees: counts.employees.created + counts.employees.updated,
                      }),
                    }),
                  onError: (error) =>
                    setOutcome({
                      severity: 'error',
                      text:
                        error instanceof ApiError && error.issues[0]
                          ? translateIssueCode(error.issues[0].code, error.issues[0].params)
                          : t('import.failed'),
                    }),
                });
              }}
            />
          </Button>
        </div>
        {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
      </Stack>
    </Paper>
  );
}

/** A settings page of the export area: its title, the way back, the import and its table. */
function SettingsPage({ titleKey, description, children }: { titleKey: string; description: string; children: ReactNode }) {
  const { t } = useTranslation('optima');
  const { t: tr } = useTranslation('routes');
  return (
    <>
      <PageHeader
        title={tr(titleKey)}
        description={description}
        actions={
          <Button component={RouterLink} to="/optima">
            {t('settings.back')}
          </Button>
        }
      />
      <Stack spacing={2}>
        <OptimaImportCard />
        <Paper variant="outlined">{children}</Paper>
      </Stack>
    </>
  );
}

/** The imported dictionary, or a word that nothing was imported yet. */
function EmptyOrTable<TRow extends { id: number }>({ empty, label, columns, rows }: { empty: boolean; label: string; columns: DataColumn<TRow, never>[]; rows: readonly TRow[] }) {
  const { t } = useTranslation('optima');
  if (empty)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('settings.nothingImported')}
      </Typography>
    );
  return (
    <Box sx={{ p: { xs: 2, sm: 0 } }}>
      <ListTable label={label} columns={columns} rows={rows} rowKey={(row) => row.id} />
    </Box>
  );
}

/** `/optima/settings/category`: the categories a settlement's optima_category_code is chosen from. */
function OptimaCategoryScreen() {
  const { t } = useTranslation('optima');
  const { t: tr } = useTranslation('routes');
  const categories = useOptimaCategories();
  const items = categories.data?.items ?? [];
  return (
    <SettingsPage titleKey="accountingExport.category" description={t('settings.categoriesDescription')}>
      <EmptyOrTable
        empty={categories.isSuccess && items.length === 0}
        label={tr('accountingExport.category')}
        rows={items}
        columns={[
          { key: 'code', label: t('columns.code'), render: (category) => category.code },
          { key: 'generalCode', label: t('columns.generalCode'), render: (category) => category.general_code ?? '—' },
          { key: 'type', label: t('columns.type'), render: (category) => category.type ?? '—' },
          { key: 'description', label: t('columns.description'), render: (category) => category.description ?? '—' },
          { key: 'active', label: t('columns.active'), render: (category) => (category.is_active ? t('yes') : t('no')) },
        ]}
      />
    </SettingsPage>
  );
}

/** `/optima/settings/contractor`: Optima's contractors, each given to the company contractor that carries its code. */
function OptimaContractorScreen() {
  const { t } = useTranslation('optima');
  const { t: tr } = useTranslation('routes');
  const contractors = useOptimaContractors();
  const map = useMapOptimaContractor();
  const items = contractors.data?.items ?? [];
  const choices = contractors.data?.choices ?? [];
  return (
    <SettingsPage titleKey="accountingExport.contractor" description={t('settings.contractorsDescription')}>
      <EmptyOrTable
        empty={contractors.isSuccess && items.length === 0}
        label={tr('accountingExport.contractor')}
        rows={items}
        columns={[
          { key: 'code', label: t('columns.code'), render: (item) => item.code },
          { key: 'name', label: t('columns.name'), render: (item) => item.name },
          { key: 'taxId', label: t('columns.taxId'), render: (item) => item.tax_id ?? '—' },
          { key: 'city', label: t('columns.city'), secondary: true, render: (item) => item.city ?? '—' },
          {
            key: 'companyContractor',
            label: t('columns.companyContractor'),
            render: (item) => (
              <TextField
                select
                size="small"
                fullWidth
                sx={{ minWidth: { sm: 220 } }}
                label={t('settings.contractorFor', { code: item.code })}
                value={item.contractor_id === null ? '' : String(item.contractor_id)}
                onChange={(event) =>
                  map.mutate(
                    { id: item.id, contractor_id: event.target.value ? Number(event.target.value) : null },
                    {
                      onSuccess: () => enqueueSnackbar(t('settings.mapped')),
                      onError: (error) => enqueueSnackbar(firstIssueText(error) ?? t('settings.mapFailed'), { variant: 'error' }),
                    },
                  )
                }
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('settings.notMapped')}</MenuItem>
                {item.contractor_id !== null && !choices.some((choice) => choice.id === item.contractor_id) && (
                  <MenuItem value={String(item.contractor_id)}>{item.contractor_name}</MenuItem>
                )}
                {choices.map((choice) => (
                  <MenuItem key={choice.id} value={String(choice.id)}>
                    {choice.name}
                  </MenuItem>
                ))}
              </TextField>
            ),
          },
        ]}
      />
    </SettingsPage>
  );
}

/** `/optima/settings/employee`: Optima's employees matched to users, a user of the same name suggested. */
function OptimaEmployeeScreen() {
  const { t } = useTranslation('optima');
  const { t: tr } = useTranslation('routes');
  const employees = useOptimaEmployees();
  const map = useMapOptimaEmployee();
  const items = employees.data?.items ?? [];
  const users = employees.data?.users ?? [];
  const save = (id: number, userId: number | null) =>
    map.mutate(
      { id, user_id: userId },
      {
        onSuccess: () => enqueueSnackbar(t('settings.mapped')),
        onError: (error) => enqueueSnackbar(firstIssueText(error) ?? t('settings.mapFailed'), { variant: 'error' }),
      },
    );
  return (
    <SettingsPage titleKey="accountingExport.employee" description={t('settings.employeesDescription')}>
      <EmptyOrTable
        empty={employees.isSuccess && items.length === 0}
        label={tr('accountingExport.employee')}
        rows={items}
        columns={[
          { key: 'code', label: t('columns.code'), render: (item) => item.code },
          { key: 'employee', label: t('columns.employee'), render: (item) => `${item.name} ${item.surname}` },
          {
            key: 'user',
            label: t('columns.user'),
            render: (item) => {
              const suggested = users.find((user) => user.id === item.suggested_user_id);
              return (
                <Stack spacing={1} sx={{ minWidth: { sm: 240 } }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('settings.userFor', { code: item.code })}
                    value={item.user_id === null ? '' : String(item.user_id)}
                    onChange={(event) => save(item.id, event.target.value ? Number(event.target.value) : null)}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">{t('settings.notMapped')}</MenuItem>
                    {users.map((user) => (
                      <MenuItem key={user.id} value={String(user.id)}>
                        {user.full_name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {suggested && (
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Chip size="small" color="info" label={t('settings.suggested', { name: suggested.full_name })} />
                      <Button size="small" onClick={() => save(item.id, suggested.id)}>
                        {t('settings.takeSuggestion', { code: item.code })}
                      </Button>
                    </Stack>
                  )}
                </Stack>
              );
            },
          },
        ]}
      />
    </SettingsPage>
  );
}

export const OptimaCategoryPage = exportAreaScreen(OptimaCategoryScreen);
export const OptimaContractorPage = exportAreaScreen(OptimaContractorScreen);
export const OptimaEmployeePage = exportAreaScreen(OptimaEmployeeScreen);
