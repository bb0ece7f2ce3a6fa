import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TASK_COMMENT_REQUIREMENTS } from '@delego/domain';
import { DELEGATION_TASK_NAME_MAX_LENGTH, delegationTaskBodySchema, type DelegationTaskDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveDelegationTask } from '../api/delegation-tasks.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { showSaveError } from '../shared/server-errors.ts';

type Values = z.input<typeof delegationTaskBodySchema>;
const FIELDS = ['name_pl', 'name_en', 'comment_requirement', 'enabled_for_new'] as const;

function valuesOf(task: DelegationTaskDto | null): Values {
  return task
    ? { id: task.id, name_pl: task.name_pl, name_en: task.name_en, comment_requirement: task.comment_requirement, enabled_for_new: task.enabled_for_new }
    : { name_pl: '', name_en: '', comment_requirement: 'none', enabled_for_new: true };
}

/** Creates a trip reason (`task` null) or edits one. */
export function DelegationTaskDialog({ open, task, onClose }: { open: boolean; task: DelegationTaskDto | null; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveDelegationTask();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof delegationTaskBodySchema>>({ resolver: zodResolver(delegationTaskBodySchema), defaultValues: valuesOf(task) });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(task));
      setFormError(null);
    }
  }, [open, task, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('tasks.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <FormDialog open={open} title={task ? t('tasks.editTitle') : t('tasks.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      <FormTextField control={form.control} name="name_pl" label={t('tasks.fields.namePl')} maxLength={DELEGATION_TASK_NAME_MAX_LENGTH} autoFocus />
      <FormTextField control={form.control} name="name_en" label={t('tasks.fields.nameEn')} maxLength={DELEGATION_TASK_NAME_MAX_LENGTH} />
      <FormSelectField
        control={form.control}
        name="comment_requirement"
        label={t('tasks.fields.commentRequirement')}
        options={TASK_COMMENT_REQUIREMENTS.map((value) => ({ value, label: t(`tasks.commentRequirement.${value}`) }))}
        helperText={t('tasks.fields.commentRequirementHelp')}
      />
      <FormSwitchField control={form.control} name="enabled_for_new" label={t('tasks.fields.enabledForNew')} helperText={t('tasks.fields.enabledForNewHelp')} />
    </FormDialog>
  );
}
