import { useEffect, useState } from 'react';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { optimaSettingsSchema, type OptimaSettings } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelectField } from '../../components/form/form-select-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { useOptimaCategories, useOptimaSettings, useSaveOptimaSettings } from './api/optima.ts';

/** The form's values: every field as text, '' for none (the schema turns '' into null). */
type SettingsValues = z.input<typeof optimaSettingsSchema>;

const TEXT_FIELDS = [
  'source_database_id',
  'target_database_id',
  'purchase_register',
  'settlement_register',
  'payment_form',
  'company_tax_id',
] as const;
const FIELDS = [...TEXT_FIELDS, 'default_category_code'] as const;

const EMPTY: SettingsValues = {
  source_database_id: '',
  target_database_id: '',
  purchase_register: '',
  settlement_register: '',
  default_category_code: '',
  payment_form: '',
  company_tax_id: '',
};

/**
 * The company's Optima identifiers (the databases of the offline exchange), the VAT registers the
 * invoices and settlements go to, the default category, the payment form and the company's NIP (KSeF
 * invoices naming another buyer are refused).
 */
export function OptimaSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('optima');
  const settings = useOptimaSettings();
  const categories = useOptimaCategories();
  const save = useSaveOptimaSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsValues, unknown, OptimaSettings>({
    defaultValues: EMPTY,
    resolver: zodResolver(optimaSettingsSchema),
  });
  const loaded = settings.data?.settings;

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    form.reset(
      loaded
        ? { ...loaded, default_category_code: loaded.default_category_code ?? '', company_tax_id: loaded.company_tax_id ?? '' }
        : EMPTY,
    );
  }, [open, loaded, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('settings.saved'));
        onClose();
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, FIELDS)) setFormError(firstIssueText(error) ?? t('settings.failed'));
      },
    });
  });

  return (
    <FormDialog open={open} title={t('settings.title')} onClose={onClose} onSubmit={(event) => void onSubmit(event)} isPending={save.isPending} formError={formError} maxWidth="md">
      <Grid container spacing={2}>
        {TEXT_FIELDS.map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <FormTextField control={form.control} name={name} label={t(`settings.fields.${name}`)} maxLength={name === 'payment_form' ? 30 : 20} required={name !== 'company_tax_id'} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={form.control}
            name="default_category_code"
            label={t('settings.fields.default_category_code')}
            emptyLabel={t('settings.noCategory')}
            options={(categories.data?.items ?? []).filter((category) => category.is_active).map((category) => ({ value: category.code, label: category.description ? `${category.code} – ${category.description}` : category.code }))}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
