import { useEffect, useState } from 'react';
import Grid from '@mui/material/Grid';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractorBodySchema, type ContractorDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveContractor } from '../api/contractors.ts';
import { FormCountryField } from '../shared/country-field.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { showSaveError } from '../shared/server-errors.ts';

type Values = z.input<typeof contractorBodySchema>;
const FIELDS = ['name', 'tax_id', 'street', 'postal_code', 'city', 'country_code', 'email', 'phone', 'accounting_code', 'is_active'] as const;

function valuesOf(contractor: ContractorDto | null): Values {
  if (!contractor) {
    return { name: '', tax_id: '', street: '', postal_code: '', city: '', country_code: 'PL', email: '', phone: '', accounting_code: '', is_active: true };
  }
  return {
    id: contractor.id,
    name: contractor.name,
    tax_id: contractor.tax_id ?? '',
    street: contractor.street ?? '',
    postal_code: contractor.postal_code ?? '',
    city: contractor.city ?? '',
    country_code: contractor.country_code,
    email: contractor.email ?? '',
    phone: contractor.phone ?? '',
    accounting_code: contractor.accounting_code ?? '',
    is_active: contractor.is_active,
  };
}

/** Creates an external company (`contractor` null) or edits one: name, tax id, address, contact, accounting code. */
export function ContractorDialog({ open, contractor, onClose }: { open: boolean; contractor: ContractorDto | null; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveContractor();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof contractorBodySchema>>({ resolver: zodResolver(contractorBodySchema), defaultValues: valuesOf(contractor) });
  const isPolish = form.watch('country_code') === 'PL';

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(contractor));
      setFormError(null);
    }
  }, [open, contractor, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('contractors.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <FormDialog open={open} title={contractor ? t('contractors.editTitle') : t('contractors.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError} maxWidth="md">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField control={form.control} name="name" label={t('contractors.fields.name')} maxLength={300} autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={form.control}
            name="tax_id"
            label={isPolish ? t('contractors.fields.nip') : t('contractors.fields.taxId')}
            maxLength={30}
            helperText={isPolish ? t('contractors.fields.nipHelp') : t('contractors.fields.taxIdHelp')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormCountryField control={form.control} name="country_code" label={t('contractors.fields.country')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="street" label={t('contractors.fields.street')} maxLength={200} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={form.control} name="postal_code" label={t('contractors.fields.postalCode')} maxLength={20} placeholder={isPolish ? '00-000' : undefined} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField control={form.control} name="city" label={t('contractors.fields.city')} maxLength={100} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="email" type="email" label={t('contractors.fields.email')} maxLength={254} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="phone" type="tel" label={t('contractors.fields.phone')} maxLength={40} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="accounting_code" label={t('contractors.fields.accountingCode')} maxLength={50} helperText={t('contractors.fields.accountingCodeHelp')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSwitchField control={form.control} name="is_active" label={t('contractors.fields.active')} helperText={t('contractors.fields.activeHelp')} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
