import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { COST_CENTRE_NAME_MAX_LENGTH, COST_CENTRE_ORDINATE_MAX_LENGTH, costCentreBodySchema, type CostCentreDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveCostCentre } from '../api/cost-centres.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { showSaveError } from '../shared/server-errors.ts';

type Values = z.input<typeof costCentreBodySchema>;
const FIELDS = ['ordinate', 'name', 'enabled_for_new'] as const;

function valuesOf(centre: CostCentreDto | null): Values {
  return centre ? { id: centre.id, ordinate: centre.ordinate, name: centre.name, enabled_for_new: centre.enabled_for_new } : { ordinate: '', name: '', enabled_for_new: true };
}

/** Creates a cost centre (`centre` null) or edits one. */
export function CostCentreDialog({ open, centre, onClose }: { open: boolean; centre: CostCentreDto | null; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveCostCentre();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof costCentreBodySchema>>({ resolver: zodResolver(costCentreBodySchema), defaultValues: valuesOf(centre) });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(centre));
      setFormError(null);
    }
  }, [open, centre, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('costCentres.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <FormDialog open={open} title={centre ? t('costCentres.editTitle') : t('costCentres.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      <FormTextField control={form.control} name="ordinate" label={t('costCentres.fields.ordinate')} maxLength={COST_CENTRE_ORDINATE_MAX_LENGTH} autoFocus helperText={t('costCentres.fields.ordinateHelp')} />
      <FormTextField control={form.control} name="name" label={t('costCentres.fields.name')} maxLength={COST_CENTRE_NAME_MAX_LENGTH} />
      <FormSwitchField control={form.control} name="enabled_for_new" label={t('costCentres.fields.enabledForNew')} helperText={t('costCentres.fields.enabledForNewHelp')} />
    </FormDialog>
  );
}
