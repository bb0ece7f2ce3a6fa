import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useController, useForm, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import type { UseMutationResult } from '@tanstack/react-query';
import { validateSystemSettings, type SystemSettings, type SystemSettingsPatch } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { i18n } from '../../../lib/i18n.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useUnsavedChanges } from '../shared/use-unsaved-changes.tsx';
import { useSaveSystemSettings, useSystemSettings } from '../api/system-settings.ts';
import { ALL_SETTINGS, SETTING_GROUPS, formValuesOf, ipEntriesOf, settingsFromForm, type SettingDefinition, type SettingsFormValues } from './settings-definitions.ts';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';

const NS = 'adminSystemSettings';
const ipLineText = (line: number, code: string) => i18n.t('ipLine', { ns: NS, line, error: translateIssueCode(code) });

/** Ranges as whole numbers and the IP allow-list, checked before sending; texts are already translated. */
const resolver: Resolver<SettingsFormValues> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const setting of ALL_SETTINGS) {
    if (setting.kind !== 'number') continue;
    const text = String(values[setting.key] ?? '').trim();
    const number = Number(text);
    if (text === '' || !Number.isInteger(number) || number < setting.min || number > setting.max) {
      errors[setting.key] = { type: 'range', message: i18n.t('numberRange', { ns: NS, min: setting.min, max: setting.max }) };
    }
  }
  const issues = validateSystemSettings({ ip_allow_list: ipEntriesOf(String(values.ip_allow_list ?? '')) });
  if (issues.length > 0) {
    errors.ip_allow_list = { type: 'ip', message: issues.map((issue) => ipLineText(Number(issue.path[1]) + 1, issue.code)).join(' ') };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<SettingsFormValues> } : { values, errors: {} };
};

/** `/settings/system-settings`: every company setting, grouped, each with a one-line explanation. */
export function SystemSettingsPage() {
  const { t } = useTranslation(NS);
  const settings = useSystemSettings();
  let body;
  if (settings.isError) {
    body = <LoadFailedAlert onRetry={() => settings.refetch()} />;
  } else if (!settings.data) {
    body = <PageSpinner />;
  } else {
    body = <CompanySettingsForm loaded={settings.data.settings} />;
  }
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <SettingsNavigation />
      {body}
    </>
  );
}

function CompanySettingsForm({ loaded }: { loaded: SystemSettings }) {
  const refreshSessionUser = useRefreshSessionUser();
  const save = useSaveSystemSettings();
  // The session carries some settings (modules, session time): it is read again after a save.
  return <SettingsForm loaded={loaded} save={save} onSaved={() => void refreshSessionUser()} />;
}

/** Saves the settings a change names and answers all of them (the company's, or the provider's defaults for new companies). */
export type SaveSettings = UseMutationResult<{ settings: SystemSettings }, Error, SystemSettingsPatch>;

/** Every system setting, grouped, each with its explanation; saving sends only what the form changed. */
export function SettingsForm({ loaded, save, onSaved }: { loaded: SystemSettings; save: SaveSettings; onSaved?: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const defaults = useMemo(() => formValuesOf(loaded), [loaded]);
  const form = useForm<SettingsFormValues>({ defaultValues: defaults, resolver });
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(settingsFromForm(loaded, values), {
      onSuccess: ({ settings }) => {
        form.reset(formValuesOf(settings));
        enqueueSnackbar(t('saved'));
        onSaved?.();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const byField = new Map<string, string[]>();
        for (const issue of error.issues) {
          const [head, index] = issue.path;
          const field = head === 'modules' ? `module_${String(index)}` : String(head);
          const text = field === 'ip_allow_list' && typeof index === 'number' ? ipLineText(index + 1, issue.code) : translateIssueCode(issue.code, issue.params);
          byField.set(field, [...(byField.get(field) ?? []), text]);
        }
        for (const [field, texts] of byField) form.setError(field, { type: 'server', message: texts.join(' ') });
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {Object.keys(form.formState.errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tc('formHasErrors')}
        </Alert>
      )}
      {SETTING_GROUPS.map((group) => {
        const headingId = `settings-group-${group.key}`;
        return (
          <Paper key={group.key} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(`groups.${group.key}`)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              {group.settings.map((setting) => (
                <SettingField key={setting.key} setting={setting} control={form.control} />
              ))}
            </Box>
          </Paper>
        );
      })}
      <Paper variant="outlined" sx={{ p: 2, position: 'sticky', bottom: 0, display: 'flex', justifyContent: 'flex-end', gap: 1, zIndex: 1 }}>
        <Button onClick={() => form.reset(defaults)} disabled={!form.formState.isDirty}>
          {tcommon('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {tcommon('actions.save')}
        </Button>
      </Paper>
      {unsaved.dialog}
    </Box>
  );
}

function SettingField({ setting, control }: { setting: SettingDefinition; control: Control<SettingsFormValues> }) {
  const { t } = useTranslation(NS);
  const label = t(`settings.${setting.key}.label`);
  const hint = t(`settings.${setting.key}.hint`);
  if (setting.kind === 'switch') return <FormSwitchField control={control} name={setting.key} label={label} helperText={hint} />;
  if (setting.kind === 'ipList') return <IpListField control={control} label={label} hint={hint} />;
  if (setting.kind === 'number') return <NumberField setting={setting} control={control} label={label} hint={hint} />;
  return <SelectField setting={setting} control={control} label={label} hint={hint} />;
}

interface FieldProps<S> {
  setting: S;
  control: Control<SettingsFormValues>;
  label: string;
  hint: string;
}

function NumberField({ setting, control, label, hint }: FieldProps<Extract<SettingDefinition, { kind: 'number' }>>) {
  const { t } = useTranslation(NS);
  const { field, fieldState } = useController({ control, name: setting.key });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <TextField
      label={label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(errorText)}
      helperText={errorText ?? hint}
      slotProps={{
        htmlInput: { inputMode: 'numeric', min: setting.min, max: setting.max },
        input: { endAdornment: <InputAdornment position="end">{t(`units.${setting.unit}`)}</InputAdornment> },
      }}
    />
  );
}

function SelectField({ setting, control, label, hint }: FieldProps<Extract<SettingDefinition, { kind: 'select' }>>) {
  const { t } = useTranslation(NS);
  const value = useWatch({ control, name: setting.key });
  const choiceLabel = (choice: string | number | boolean) => {
    const text = t(`choices.${setting.key}.${String(choice)}`);
    return setting.unsafe !== undefined && choice === setting.unsafe ? `${text} (${t('unsafe')})` : text;
  };
  return (
    <Box>
      <FormSelectField
        control={control}
        name={setting.key}
        label={label}
        helperText={hint}
        options={setting.choices.map((choice) => ({ value: String(choice), label: choiceLabel(choice) }))}
      />
      {setting.unsafe !== undefined && value === String(setting.unsafe) && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('unsafeWarning')}
        </Alert>
      )}
    </Box>
  );
}

function IpListField({ control, label, hint }: { control: Control<SettingsFormValues>; label: string; hint: string }) {
  const { t } = useTranslation(NS);
  const { field, fieldState } = useController({ control, name: 'ip_allow_list' });
  const errorText = fieldErrorText(fieldState.error);
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={label}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(errorText)}
        helperText={errorText ?? `${hint} ${t('ipHint')}`}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
    </Box>
  );
}
