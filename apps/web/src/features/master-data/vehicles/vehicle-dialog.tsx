import { useEffect, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ENGINE_CAPACITY_LIMIT, VEHICLE_TYPES, isValidEngineCapacity } from '@delego/domain';
import { vehicleBodySchema, type VehicleDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveVehicle } from '../api/vehicles.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { formSchemaFor } from '../shared/form-schema.ts';
import { showSaveError } from '../shared/server-errors.ts';
import { FormUserField } from '../../../components/form/form-user-field.tsx';
import { companyUserSource } from './owner-field.tsx';

/**
 * The form keeps the typed text; every field rule is checked on it at once, then the capacity
 * becomes a whole number and the owner an id for the API body.
 */
const formSchema = formSchemaFor(
  z.object({
    id: z.number().optional(),
    plates: z.string().trim().min(1, 'global.error.required'),
    model: z.string().trim().min(1, 'global.error.required'),
    engine_capacity: z
      .string()
      .trim()
      .min(1, 'global.error.required')
      .regex(/^\d+$/, 'validation.integer')
      .refine((value) => isValidEngineCapacity(Number(value)), 'vehicle.engineCapacityRange'),
    type: z.string().transform((value, ctx) => {
      const type = VEHICLE_TYPES.find((candidate) => candidate === value);
      if (type) return type;
      ctx.addIssue({ code: 'custom', message: 'global.error.required' });
      return z.NEVER;
    }),
    is_private: z.boolean(),
    owner_user_id: z.string(),
    is_active: z.boolean(),
  }),
  (values) => ({ ...values, engine_capacity: Number(values.engine_capacity), owner_user_id: values.owner_user_id === '' ? null : Number(values.owner_user_id) }),
  vehicleBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['plates', 'model', 'engine_capacity', 'type', 'is_private', 'owner_user_id', 'is_active'] as const;

function valuesOf(vehicle: VehicleDto | null, isPrivate: boolean): Values {
  return vehicle
    ? {
        id: vehicle.id,
        plates: vehicle.plates,
        model: vehicle.model,
        engine_capacity: String(vehicle.engine_capacity),
        type: vehicle.type,
        is_private: vehicle.is_private,
        owner_user_id: vehicle.owner_user_id === null ? '' : String(vehicle.owner_user_id),
        is_active: vehicle.is_active,
      }
    : { plates: '', model: '', engine_capacity: '', type: '', is_private: isPrivate, owner_user_id: '', is_active: true };
}

/**
 * Creates or edits a vehicle (spec §5 Vehicle: plate, model, engine capacity below 9999 cm³ and kind
 * required). An administrator chooses company or private and the owner; an employee's vehicle is
 * always their own private one.
 */
export function VehicleDialog({ open, vehicle, asAdministrator, onClose }: { open: boolean; vehicle: VehicleDto | null; asAdministrator: boolean; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveVehicle();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(vehicle, !asAdministrator) });
  const isPrivate = form.watch('is_private');

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(vehicle, !asAdministrator));
      setFormError(null);
    }
  }, [open, vehicle, asAdministrator, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    // An employee's vehicle is theirs; the server sets the owner.
    const body = asAdministrator ? values : { ...values, owner_user_id: undefined, is_private: true };
    save.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(t('vehicles.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <FormDialog open={open} title={vehicle ? t('vehicles.editTitle') : t('vehicles.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      {asAdministrator && (
        <Controller
          control={form.control}
          name="is_private"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="vehicle-ownership-label">{t('vehicles.fields.ownership')}</FormLabel>
              <RadioGroup row aria-labelledby="vehicle-ownership-label" value={field.value ? 'private' : 'company'} onChange={(event) => field.onChange(event.target.value === 'private')}>
                <FormControlLabel value="company" control={<Radio />} label={t('vehicles.company')} />
                <FormControlLabel value="private" control={<Radio />} label={t('vehicles.private')} />
              </RadioGroup>
            </FormControl>
          )}
        />
      )}
      {asAdministrator && isPrivate && <FormUserField control={form.control} name="owner_user_id" source={companyUserSource} label={t('vehicles.fields.owner')} helperText={t('vehicles.fields.ownerHelp')} />}
      <FormTextField control={form.control} name="plates" label={t('vehicles.fields.plates')} maxLength={20} autoFocus={!asAdministrator} />
      <FormTextField control={form.control} name="model" label={t('vehicles.fields.model')} maxLength={100} />
      <FormTextField
        control={form.control}
        name="engine_capacity"
        label={t('vehicles.fields.engineCapacity')}
        maxLength={5}
        inputMode="numeric"
        helperText={t('vehicles.fields.engineCapacityHelp', { limit: ENGINE_CAPACITY_LIMIT })}
      />
      <FormSelectField control={form.control} name="type" label={t('vehicles.fields.type')} emptyLabel={t('common.choose')} options={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`vehicles.types.${type}`) }))} />
      {asAdministrator && <FormSwitchField control={form.control} name="is_active" label={t('vehicles.fields.active')} helperText={t('vehicles.fields.activeHelp')} />}
    </FormDialog>
  );
}
