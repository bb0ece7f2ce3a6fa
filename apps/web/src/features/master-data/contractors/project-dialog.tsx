import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { projectBodySchema, type ProjectDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useContractorOptions, useSaveProject } from '../api/contractors.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { formSchemaFor } from '../shared/form-schema.ts';
import { showSaveError } from '../shared/server-errors.ts';

const formSchema = formSchemaFor(
  z.object({ id: z.number().optional(), contractor_id: z.string(), name: z.string(), order_number: z.string(), is_active: z.boolean() }),
  (values) => ({ ...values, contractor_id: values.contractor_id === '' ? null : Number(values.contractor_id) }),
  projectBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['contractor_id', 'name', 'order_number', 'is_active'] as const;

function valuesOf(project: ProjectDto | null, contractorId: number | undefined): Values {
  return project
    ? { id: project.id, contractor_id: project.contractor_id === null ? '' : String(project.contractor_id), name: project.name, order_number: project.order_number ?? '', is_active: project.is_active }
    : { contractor_id: contractorId ? String(contractorId) : '', name: '', order_number: '', is_active: true };
}

/** Creates a project (`project` null) or edits one: contractor (none for an internal project), name, order number, active. */
export function ProjectDialog({ open, project, contractorId, onClose }: { open: boolean; project: ProjectDto | null; contractorId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveProject();
  const contractors = useContractorOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(project, contractorId) });
  const chosen = form.watch('contractor_id');

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(project, contractorId));
      setFormError(null);
    }
  }, [open, project, contractorId, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('projects.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  // Disabled contractors are offered only when the project already has one.
  const options = (contractors.data?.items ?? [])
    .filter((contractor) => contractor.is_active || String(contractor.id) === chosen)
    .map((contractor) => ({ value: String(contractor.id), label: contractor.is_active ? contractor.name : `${contractor.name} (${t('common.inactive')})` }));

  return (
    <FormDialog open={open} title={project ? t('projects.editTitle') : t('projects.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      <FormSelectField control={form.control} name="contractor_id" label={t('projects.fields.contractor')} emptyLabel={t('projects.internal')} options={options} />
      <FormTextField control={form.control} name="name" label={t('projects.fields.name')} maxLength={300} autoFocus />
      <FormTextField control={form.control} name="order_number" label={t('projects.fields.orderNumber')} maxLength={100} />
      <FormSwitchField control={form.control} name="is_active" label={t('projects.fields.active')} helperText={t('projects.fields.activeHelp')} />
    </FormDialog>
  );
}
