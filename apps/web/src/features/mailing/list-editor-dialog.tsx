import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { MAILING_LIST_NAME_MAX_LENGTH, validateMailingList, type MailingRecipientRule } from '@delego/domain';
import type { MailingListItem, MailingRuleView } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { issueResolver } from '../../components/form/issue-resolver.ts';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { recipientSearch, useRecipientPreview, useSaveMailingList } from './api/mailing.ts';
import { ruleLabel } from './rule-label.ts';
import { SearchPicker } from './search-picker.tsx';

interface ListFormValues {
  name: string;
  rules: MailingRuleView[];
}

type RuleKind = MailingRuleView['kind'];
type CompanyOption = Awaited<ReturnType<typeof recipientSearch.companies>>['items'][number];

export function ruleOf(view: MailingRuleView): MailingRecipientRule {
  if (view.kind === 'company') return { kind: 'company', company_id: view.company_id! };
  if (view.kind === 'user') return { kind: 'user', user_id: view.user_id! };
  return { kind: 'role', role_name: view.role_name!, company_id: view.company_id };
}

const sameRule = (a: MailingRuleView, b: MailingRuleView) => JSON.stringify(ruleOf(a)).toLowerCase() === JSON.stringify(ruleOf(b)).toLowerCase();

const resolver = issueResolver<ListFormValues>((values) => validateMailingList({ name: values.name, rules: values.rules.map(ruleOf) }));

const emptyView = { company_id: null, company_name: null, role_name: null, user_id: null, user_name: null, user_email: null };

/** A recipient list: its name and its rules, chosen by company, by role (in one company or all) or by person, with how many they reach now. */
export function ListEditorDialog({ list, onClose }: { list: MailingListItem | null; onClose: () => void }) {
  const { t } = useTranslation('mailing');
  const save = useSaveMailingList();
  const [formError, setFormError] = useState<string | null>(null);
  const [kind, setKind] = useState<RuleKind>('company');
  const [roleCompany, setRoleCompany] = useState<CompanyOption | null>(null);
  const form = useForm<ListFormValues>({ defaultValues: { name: list?.name ?? '', rules: list?.rules ?? [] }, resolver });
  const rules = useWatch({ control: form.control, name: 'rules' });
  // The rule issues of the list as a whole (none chosen) sit on `rules` itself.
  const rulesError = fieldErrorText(form.formState.errors.rules as unknown as FieldError | undefined);
  const preview = useRecipientPreview(rules.map(ruleOf));

  const add = (view: MailingRuleView) => {
    if (rules.some((rule) => sameRule(rule, view))) return;
    form.setValue('rules', [...rules, view], { shouldValidate: form.formState.isSubmitted });
  };
  const remove = (index: number) => form.setValue('rules', rules.filter((_, at) => at !== index), { shouldValidate: form.formState.isSubmitted });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { ...(list ? { id: list.id } : {}), name: values.name, rules: values.rules.map(ruleOf) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('lists.saved', { name: values.name.trim() }));
          onClose();
        },
        onError: (error) => {
          const issues = error instanceof ApiError ? error.issues : [];
          const nameIssue = issues.find((issue) => issue.path[0] === 'name');
          if (nameIssue) form.setError('name', { type: 'server', message: translateIssueCode(nameIssue.code, nameIssue.params) }, { shouldFocus: true });
          else setFormError(firstIssueText(error) ?? translateIssueCode(''));
        },
      },
    );
  });

  return (
    <FormDialog open title={t(list ? 'lists.editTitle' : 'lists.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError} maxWidth="md">
      <FormTextField control={form.control} name="name" label={t('lists.name')} maxLength={MAILING_LIST_NAME_MAX_LENGTH} required />
      <Typography variant="subtitle1" component="h3">
        {t('lists.recipients')}
      </Typography>
      <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_event, value: RuleKind | null) => value && setKind(value)} aria-label={t('picker.kind')} sx={{ flexWrap: 'wrap' }}>
        {(['company', 'role', 'user'] as const).map((option) => (
          <ToggleButton key={option} value={option}>
            {t(`picker.kinds.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {kind === 'company' && (
        <SearchPicker
          kind="companies"
          label={t('picker.company')}
          helperText={t('picker.companyHint')}
          search={recipientSearch.companies}
          optionKey={(option) => option.id}
          optionLabel={(option) => (option.is_active ? `${option.name} (${option.code})` : t('picker.disabledCompany', { name: option.name, code: option.code }))}
          onPick={(option) => option && add({ ...emptyView, kind: 'company', company_id: option.id, company_name: option.name })}
        />
      )}
      {kind === 'role' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <SearchPicker
            kind="role-company"
            label={t('picker.roleCompany')}
            helperText={t('picker.roleCompanyHint')}
            search={recipientSearch.companies}
            value={roleCompany}
            optionKey={(option) => option.id}
            optionLabel={(option) => `${option.name} (${option.code})`}
            onPick={setRoleCompany}
          />
          <SearchPicker
            kind="roles"
            label={t('picker.role')}
            helperText={t('picker.roleHint')}
            search={recipientSearch.roles}
            optionKey={(option) => option.name}
            optionLabel={(option) => t('picker.roleOption', { name: option.name, count: option.company_count })}
            onPick={(option) =>
              option && add({ ...emptyView, kind: 'role', role_name: option.name, company_id: roleCompany?.id ?? null, company_name: roleCompany?.name ?? null })
            }
          />
        </Box>
      )}
      {kind === 'user' && (
        <SearchPicker
          kind="users"
          label={t('picker.user')}
          helperText={t('picker.userHint')}
          search={recipientSearch.users}
          optionKey={(option) => option.id}
          optionLabel={(option) => `${option.name} <${option.email}> – ${option.company_name}`}
          onPick={(option) => option && add({ ...emptyView, kind: 'user', user_id: option.id, user_name: option.name, user_email: option.email })}
        />
      )}
      <Box component="section" aria-label={t('lists.chosen')}>
        {rules.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('lists.noRules')}
          </Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {rules.map((rule, index) => {
              const label = ruleLabel(t, rule);
              return (
                <Box key={`${rule.kind}-${rule.company_id}-${rule.role_name}-${rule.user_id}`} sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}>
                  <Chip label={label} sx={{ maxWidth: '100%' }} />
                  <IconButton size="small" aria-label={t('lists.removeRule', { rule: label })} onClick={() => remove(index)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              );
            })}
          </Stack>
        )}
        {rulesError && <FormHelperText error>{rulesError}</FormHelperText>}
      </Box>
      {rules.length > 0 && preview.data && (
        <Alert severity={preview.data.recipients === 0 ? 'warning' : 'info'} role="status">
          {t('preview.recipients', { count: preview.data.recipients })}
          {preview.data.excluded_disabled_company + preview.data.excluded_inactive_user + preview.data.duplicate_addresses > 0 && (
            <>
              {' '}
              {t('preview.excluded', {
                disabled: preview.data.excluded_disabled_company,
                inactive: preview.data.excluded_inactive_user,
                duplicates: preview.data.duplicate_addresses,
              })}
            </>
          )}
        </Alert>
      )}
    </FormDialog>
  );
}
