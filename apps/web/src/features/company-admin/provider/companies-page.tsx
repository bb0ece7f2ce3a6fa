import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { MODULES, validateNewCompany, type Issue } from '@delego/domain';
import { adminCompaniesApi, COMPANY_STATUS_FILTERS, LANGUAGES, type COMPANY_SORT_COLUMNS, type CompanyListItem } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { issueResolver } from '../../../components/form/issue-resolver.ts';
import { firstIssueText } from '../../../components/form/issue-texts.ts';
import { ApiError, call } from '../../../lib/api-client.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useCompanyList, useCreateCompany, useSetCompanyActive } from '../api/provider.ts';

type CompanySort = (typeof COMPANY_SORT_COLUMNS)[number];
type StatusFilter = (typeof COMPANY_STATUS_FILTERS)[number];
type ModuleName = (typeof MODULES)[number];

const isStatus = (value: string | null): value is StatusFilter => (COMPANY_STATUS_FILTERS as readonly (string | null)[]).includes(value);

/** The new-company form, flat: the administrator's fields carry an `admin_` prefix, each module a switch. */
interface CompanyFormValues {
  code: string;
  name: string;
  nip: string;
  admin_login: string;
  admin_name: string;
  admin_surname: string;
  admin_email: string;
  admin_language: (typeof LANGUAGES)[number];
  modules: Record<ModuleName, boolean>;
}

const EMPTY: CompanyFormValues = {
  code: '',
  name: '',
  nip: '',
  admin_login: '',
  admin_name: '',
  admin_surname: '',
  admin_email: '',
  admin_language: 'pl-PL',
  modules: { delegation: true, travel_service: true, accounting_export: false, all_bookings: true, flight_bookings: true },
};

const bodyOf = (values: CompanyFormValues) => ({
  code: values.code,
  name: values.name,
  nip: values.nip,
  modules: Object.fromEntries(MODULES.map((name) => [name, values.modules[name] ? 2 : 1])) as Record<ModuleName, 1 | 2>,
  administrator: { login: values.admin_login, name: values.admin_name, surname: values.admin_surname, email: values.admin_email, language: values.admin_language },
});

/** A domain or server issue's path as the form's field name (`administrator.login` is `admin_login`). */
function fieldOf(issue: Issue): keyof CompanyFormValues | null {
  const [head, inner] = issue.path;
  if (head === 'administrator' && typeof inner === 'string') return `admin_${inner}` as keyof CompanyFormValues;
  return head === 'code' || head === 'name' || head === 'nip' ? head : null;
}

const resolver = issueResolver<CompanyFormValues>((values) =>
  validateNewCompany(bodyOf(values)).map((issue) => ({ ...issue, path: [fieldOf(issue) ?? String(issue.path[0])] })),
);

/** `/admin/companies` (spec §6 manageCompanies): every company, a new one with its first administrator, disabling, and entering one's context. */
export function CompaniesPage() {
  const { t } = useTranslation('providerAdmin');
  const { t: tc } = useTranslation('companyAdmin');
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  const { state, query, update } = useListState<CompanySort>({ sort: 'name' });
  const { params, setFilter } = useListFilters();
  const statusParam = params.get('status');
  const status: StatusFilter = isStatus(statusParam) ? statusParam : 'all';
  const list = useCompanyList({ ...query, status });
  const setActive = useSetCompanyActive();
  const [pending, setPending] = useState<CompanyListItem | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [entering, setEntering] = useState<number | null>(null);

  const confirmToggle = () => {
    if (!pending) return;
    const isActive = !pending.is_active;
    setActive.mutate(
      { id: pending.id, is_active: isActive },
      {
        onSuccess: () => enqueueSnackbar(t(isActive ? 'list.enabled' : 'list.disabled', { name: pending.name })),
        onError: (error) => enqueueSnackbar(firstIssueText(error) ?? translateIssueCode(''), { variant: 'error' }),
        onSettled: () => setPending(null),
      },
    );
  };

  /** Acts in the company's context as its administrator (audited), and opens its start page. */
  async function enter(company: CompanyListItem) {
    setEntering(company.id);
    try {
      switchAccount(await call(adminCompaniesApi.logInCompanyContext, { body: { company_id: company.id } }, { notifyErrors: false }));
      navigate('/', { replace: true });
    } catch (error) {
      enqueueSnackbar(firstIssueText(error) ?? t('list.enterFailed'), { variant: 'error' });
    } finally {
      setEntering(null);
    }
  }

  const columns = useMemo<DataColumn<CompanyListItem, CompanySort>[]>(
    () => [
      {
        key: 'name',
        label: t('list.columns.name'),
        sortKey: 'name',
        render: (company) => (
          <>
            {company.name}
            <Typography variant="body2" color="text.secondary">
              {company.code}
            </Typography>
          </>
        ),
      },
      { key: 'nip', secondary: true, label: t('list.columns.nip'), render: (company) => company.nip ?? tc('none') },
      {
        key: 'modules',
        secondary: true,
        label: t('list.columns.modules'),
        render: (company) => {
          const on = MODULES.filter((name) => company.modules[name] === 2);
          return on.length === 0 ? tc('none') : on.map((name) => t(`modules.${name}`)).join(', ');
        },
      },
      { key: 'users', label: t('list.columns.users'), render: (company) => company.user_count },
      {
        key: 'status',
        label: t('list.columns.status'),
        render: (company) => <Chip size="small" color={company.is_active ? 'success' : 'default'} label={tc(company.is_active ? 'status.active' : 'status.disabled')} />,
      },
    ],
    [t, tc],
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('list.add')}
          </Button>
        }
      />
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(company) => company.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <TextField select size="small" label={t('list.statusFilter')} value={status} onChange={(event) => setFilter('status', event.target.value === 'all' ? '' : event.target.value)} sx={{ minWidth: 180 }}>
            {COMPANY_STATUS_FILTERS.map((filter) => (
              <MenuItem key={filter} value={filter}>
                {t(`list.status.${filter}`)}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={(company) => (
          <>
            <Tooltip title={t('list.enter', { name: company.name })}>
              <span>
                <IconButton onClick={() => void enter(company)} disabled={!company.is_active || entering !== null} aria-label={t('list.enter', { name: company.name })} size="small">
                  <LoginIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t(company.is_active ? 'list.disable' : 'list.enable', { name: company.name })}>
              <IconButton onClick={() => setPending(company)} aria-label={t(company.is_active ? 'list.disable' : 'list.enable', { name: company.name })} size="small">
                {company.is_active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.is_active ? 'list.disableTitle' : 'list.enableTitle')}
        message={t(pending?.is_active ? 'list.disableBody' : 'list.enableBody', { name: pending?.name ?? '' })}
        confirmLabel={t(pending?.is_active ? 'list.disableConfirm' : 'list.enableConfirm')}
        destructive={pending?.is_active}
        isPending={setActive.isPending}
        onConfirm={confirmToggle}
        onClose={() => setPending(null)}
      />
      {isCreating && <NewCompanyDialog onClose={() => setCreating(false)} />}
    </>
  );
}

function NewCompanyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('providerAdmin');
  const create = useCreateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CompanyFormValues>({ defaultValues: EMPTY, resolver });
  const { control } = form;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(bodyOf(values), {
      onSuccess: ({ company }) => {
        enqueueSnackbar(t('create.created', { name: company.name, email: values.admin_email }));
        onClose();
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? error.issues : [];
        let placed = false;
        for (const issue of issues) {
          const field = fieldOf(issue);
          if (!field) continue;
          form.setError(field, { type: 'server', message: translateIssueCode(issue.code, issue.params) }, { shouldFocus: !placed });
          placed = true;
        }
        if (!placed) setFormError(firstIssueText(error) ?? translateIssueCode(''));
      },
    });
  });

  return (
    <FormDialog open title={t('create.title')} onClose={onClose} onSubmit={onSubmit} isPending={create.isPending} formError={formError} maxWidth="md">
      <Typography variant="subtitle1" component="h3">
        {t('create.companySection')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr 1fr' }, gap: 2 }}>
        <FormTextField control={control} name="code" label={t('create.code')} helperText={t('create.codeHint')} maxLength={32} required />
        <FormTextField control={control} name="name" label={t('create.name')} maxLength={200} required />
        <FormTextField control={control} name="nip" label={t('create.nip')} helperText={t('create.nipHint')} maxLength={20} required />
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('create.modulesSection')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {MODULES.map((name) => (
          <FormSwitchField key={name} control={control} name={`modules.${name}`} label={t(`modules.${name}`)} />
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('create.administratorSection')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('create.administratorHint')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField control={control} name="admin_login" label={t('create.login')} maxLength={128} required />
        <FormTextField control={control} name="admin_email" type="email" label={t('create.email')} maxLength={254} required />
        <FormTextField control={control} name="admin_name" label={t('create.firstName')} maxLength={100} required />
        <FormTextField control={control} name="admin_surname" label={t('create.surname')} maxLength={100} required />
        <FormSelectField control={control} name="admin_language" label={t('create.language')} options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))} />
      </Box>
    </FormDialog>
  );
}
