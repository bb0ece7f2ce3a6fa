import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TRAVEL_PARAMETER_MAX_OPTIONS, TRAVEL_PARAMETER_OPTION_MAX_LENGTH, TRAVEL_PARAMETER_TYPES, type TravelParameterType } from '@delego/domain';
import { travelParameterBodySchema, type TravelParameterDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useSaveTravelParameter } from '../api/travel-service.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { formSchemaFor } from '../shared/form-schema.ts';
import { showSaveError } from '../shared/server-errors.ts';

/** Options are edited as rows of text (react-hook-form keeps arrays of objects); the body wants strings. */
const formSchema = formSchemaFor(
  z.object({
    id: z.number().optional(),
    name_pl: z.string(),
    name_en: z.string(),
    type: z.enum(TRAVEL_PARAMETER_TYPES),
    options: z.array(z.object({ value: z.string() })),
    default_value: z.string(),
    is_required: z.boolean(),
    sort_order: z.string().trim().regex(/^\d{1,4}$/, 'validation.integer'),
    is_active: z.boolean(),
  }),
  (values) => ({
    ...values,
    options: values.type === 'select' ? values.options.map((option) => option.value.trim()) : [],
    default_value: values.default_value.trim() === '' ? null : values.default_value.trim(),
    sort_order: Number(values.sort_order),
  }),
  travelParameterBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['name_pl', 'name_en', 'type', 'options', 'default_value', 'is_required', 'sort_order', 'is_active'] as const;

function valuesOf(parameter: TravelParameterDto | null, nextOrder: number): Values {
  return parameter
    ? {
        id: parameter.id,
        name_pl: parameter.name_pl,
        name_en: parameter.name_en,
        type: parameter.type,
        options: parameter.options.map((value) => ({ value })),
        default_value: parameter.default_value ?? '',
        is_required: parameter.is_required,
        sort_order: String(parameter.sort_order),
        is_active: parameter.is_active,
      }
    : { name_pl: '', name_en: '', type: 'text', options: [], default_value: '', is_required: false, sort_order: String(nextOrder), is_active: true };
}

/** Creates or edits an extra field of travel-service orders; the default value must fit the field's type. */
export function TravelParameterDialog({ open, parameter, nextOrder, onClose }: { open: boolean; parameter: TravelParameterDto | null; nextOrder: number; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveTravelParameter();
  const [formError, setFormError] = useState<string | null>(null);
  const [optionErrors, setOptionErrors] = useState<Record<number, string>>({});
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(parameter, nextOrder) });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const type = form.watch('type') as TravelParameterType;
  const optionValues = form.watch('options');

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(parameter, nextOrder));
      setFormError(null);
      setOptionErrors({});
    }
  }, [open, parameter, nextOrder, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormError(null);
      setOptionErrors({});
      save.mutate(values, {
        onSuccess: () => {
          enqueueSnackbar(t('travel.parameters.saved'));
          onClose();
        },
        onError: (error) => {
          // An issue about one option (path options.N) is shown at that option's row.
          const perOption = error instanceof ApiError ? error.issues.filter((issue) => issue.path[0] === 'options' && typeof issue.path[1] === 'number') : [];
          setOptionErrors(Object.fromEntries(perOption.map((issue) => [issue.path[1] as number, translateIssueCode(issue.code, issue.params)])));
          if (perOption.length === 0) setFormError(showSaveError(error, form.setError, FIELDS));
        },
      });
    },
    (errors) => {
      // A row's rule arrives at the row (options.N, from the contract) or at its text (options.N.value).
      const rows = (Array.isArray(errors.options) ? errors.options : []) as ({ message?: string; value?: { message?: string } } | undefined)[];
      const texts = rows.map((row) => row?.value?.message ?? row?.message);
      setOptionErrors(Object.fromEntries(texts.flatMap((code, index) => (code ? [[index, fieldErrorText({ type: 'validate', message: code }) ?? code]] : []))));
    },
  );

  const defaultField =
    type === 'boolean' || type === 'select' ? (
      <FormSelectField
        control={form.control}
        name="default_value"
        label={t('travel.parameters.fields.defaultValue')}
        emptyLabel={t('travel.parameters.noDefault')}
        options={
          type === 'boolean'
            ? [
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]
            : optionValues.map((option) => option.value.trim()).filter(Boolean).map((value) => ({ value, label: value }))
        }
      />
    ) : (
      <FormTextField
        control={form.control}
        name="default_value"
        label={t('travel.parameters.fields.defaultValue')}
        maxLength={500}
        inputMode={type === 'number' ? 'decimal' : undefined}
        helperText={type === 'number' ? t('travel.parameters.numberHelp') : t('travel.parameters.defaultHelp')}
      />
    );

  // A rule about the options as a whole (none given) sits on the array; RHF keeps it as the array's message or its root.
  const optionsError = form.formState.errors.options as { message?: string; root?: { message?: string } } | undefined;
  const optionsCode = optionsError?.root?.message ?? optionsError?.message;
  const optionsMessage = optionsCode ? fieldErrorText({ type: 'validate', message: optionsCode }) : undefined;

  return (
    <FormDialog open={open} title={parameter ? t('travel.parameters.editTitle') : t('travel.parameters.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      <FormTextField control={form.control} name="name_pl" label={t('travel.parameters.fields.namePl')} maxLength={200} autoFocus />
      <FormTextField control={form.control} name="name_en" label={t('travel.parameters.fields.nameEn')} maxLength={200} />
      <FormSelectField control={form.control} name="type" label={t('travel.parameters.fields.type')} options={TRAVEL_PARAMETER_TYPES.map((value) => ({ value, label: t(`travel.parameters.types.${value}`) }))} />
      {type === 'select' && (
        <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('travel.parameters.fields.options')}
          </Typography>
          {options.fields.map((option, index) => (
            <Stack key={option.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                fullWidth
                size="small"
                label={t('travel.parameters.option', { number: index + 1 })}
                {...form.register(`options.${index}.value`)}
                error={Boolean(optionErrors[index])}
                helperText={optionErrors[index]}
                slotProps={{ htmlInput: { maxLength: TRAVEL_PARAMETER_OPTION_MAX_LENGTH } }}
              />
              <IconButton aria-label={t('travel.parameters.removeOption', { number: index + 1 })} onClick={() => options.remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          {optionsMessage && <FormHelperText error>{optionsMessage}</FormHelperText>}
          <div>
            <Button size="small" startIcon={<AddIcon />} onClick={() => options.append({ value: '' })} disabled={options.fields.length >= TRAVEL_PARAMETER_MAX_OPTIONS}>
              {t('travel.parameters.addOption')}
            </Button>
          </div>
        </Stack>
      )}
      {defaultField}
      <FormTextField control={form.control} name="sort_order" label={t('travel.parameters.fields.sortOrder')} maxLength={4} inputMode="numeric" />
      <FormSwitchField control={form.control} name="is_required" label={t('travel.parameters.fields.required')} helperText={t('travel.parameters.fields.requiredHelp')} />
      <FormSwitchField control={form.control} name="is_active" label={t('travel.parameters.fields.active')} helperText={t('travel.parameters.fields.activeHelp')} />
    </FormDialog>
  );
}
