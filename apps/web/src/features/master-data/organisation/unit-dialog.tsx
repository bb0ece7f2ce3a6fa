import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { organizationUnitParentIssues } from '@delego/domain';
import { ORGANIZATION_UNIT_NAME_MAX_LENGTH, organizationUnitBodySchema, type OrganizationUnitDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveOrganizationUnit } from '../api/organisation.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { formSchemaFor } from '../shared/form-schema.ts';
import { showSaveError } from '../shared/server-errors.ts';
import { possibleParents } from './unit-tree.ts';

const formSchema = formSchemaFor(
  z.object({ id: z.number().optional(), name: z.string(), parent_id: z.string() }),
  (values) => ({ ...values, parent_id: values.parent_id === '' ? null : Number(values.parent_id) }),
  organizationUnitBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['name', 'parent_id'] as const;

/** What the dialog does: add a unit under a parent, or rename and move a unit. */
export type UnitDialogMode = { kind: 'create'; parentId: number } | { kind: 'edit'; unit: OrganizationUnitDto };

function valuesOf(mode: UnitDialogMode | null): Values {
  if (mode?.kind === 'edit') return { id: mode.unit.id, name: mode.unit.name, parent_id: mode.unit.parent_id === null ? '' : String(mode.unit.parent_id) };
  return { name: '', parent_id: mode ? String(mode.parentId) : '' };
}

export function UnitDialog({ mode, units, onClose }: { mode: UnitDialogMode | null; units: readonly OrganizationUnitDto[]; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveOrganizationUnit();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(mode) });
  const unit = mode?.kind === 'edit' ? mode.unit : null;

  useEffect(() => {
    if (mode) {
      form.reset(valuesOf(mode));
      setFormError(null);
    }
  }, [mode, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    // The structure rules of spec §5, before asking the server (which applies them again).
    const [issue] = organizationUnitParentIssues(units, unit, values.parent_id);
    if (issue) {
      form.setError('parent_id', { type: 'rule', message: issue.code });
      return;
    }
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('organisation.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  const parentLocked = unit !== null && unit.child_count > 0;
  return (
    <FormDialog
      open={mode !== null}
      title={unit ? t('organisation.editTitle', { name: unit.name }) : t('organisation.newTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isPending={save.isPending}
      formError={formError}
    >
      <FormTextField control={form.control} name="name" label={t('organisation.fields.name')} maxLength={ORGANIZATION_UNIT_NAME_MAX_LENGTH} autoFocus />
      {!unit?.is_main && (
        <FormSelectField
          control={form.control}
          name="parent_id"
          label={t('organisation.fields.parent')}
          disabled={parentLocked}
          helperText={parentLocked ? t('organisation.parentLockedHelp') : undefined}
          options={possibleParents(units, unit?.id ?? null).map(({ unit: candidate, depth }) => ({ value: String(candidate.id), label: `${'\u00a0\u00a0'.repeat(depth)}${candidate.name}` }))}
        />
      )}
    </FormDialog>
  );
}
