import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { travelServiceSettingsSchema, type TravelServiceSettings } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { useSaveTravelServiceSettings, useTravelServiceSettings } from '../api/travel-service.ts';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { showSaveError } from '../shared/server-errors.ts';
import { TravelServiceHeader } from './travel-service-header.tsx';

/** The selects hold text; the settings are numbers (spec §3: 1 = ask, 2 = add automatically…). */
const formSchema = z.object({
  insurance_behaviour: z.enum(['1', '2', '3']),
  offer_change_rule: z.enum(['1', '2']),
  message_auto_read: z.enum(['1', '2', '3']),
  is_insurance_separated: z.boolean(),
  flight_is_return_route: z.enum(['0', '1', '2']),
});
type Values = z.output<typeof formSchema>;
const FIELDS = ['insurance_behaviour', 'offer_change_rule', 'message_auto_read', 'is_insurance_separated', 'flight_is_return_route'] as const;

function valuesOf(settings: TravelServiceSettings): Values {
  return formSchema.parse({
    insurance_behaviour: String(settings.insurance_behaviour),
    offer_change_rule: String(settings.offer_change_rule),
    message_auto_read: String(settings.message_auto_read),
    is_insurance_separated: settings.is_insurance_separated === 1,
    flight_is_return_route: String(settings.flight_is_return_route),
  });
}

/** The API body from the form, checked by the contract's own schema. */
function bodyOf(values: Values): TravelServiceSettings {
  return travelServiceSettingsSchema.parse({
    insurance_behaviour: Number(values.insurance_behaviour),
    offer_change_rule: Number(values.offer_change_rule),
    message_auto_read: Number(values.message_auto_read),
    is_insurance_separated: values.is_insurance_separated ? 1 : 0,
    flight_is_return_route: Number(values.flight_is_return_route),
  });
}

const options = (values: readonly number[], label: (value: number) => string) => values.map((value) => ({ value: String(value), label: label(value) }));

/** `/settings/travel-service/additional-settings`: the travel-module keys of the system settings, and only those. */
export function TravelSettingsPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const settings = useTravelServiceSettings();
  const save = useSaveTravelServiceSettings();
  const form = useForm<Values>({ resolver: zodResolver(formSchema) });

  useEffect(() => {
    if (settings.data) form.reset(valuesOf(settings.data.settings));
  }, [settings.data, form]);

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(bodyOf(values), {
      onSuccess: () => enqueueSnackbar(t('travel.settings.saved')),
      onError: (error) => {
        const text = showSaveError(error, form.setError, FIELDS);
        if (text) enqueueSnackbar(text, { variant: 'error' });
      },
    });
  });

  return (
    <>
      <TravelServiceHeader title={tr('settings.travelServiceAdditionalSettings')} description={t('travel.settings.description')} />
      {settings.isPending && <PageSpinner />}
      {settings.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {settings.data && (
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
          <Stack spacing={3}>
            <FormSelectField
              control={form.control}
              name="insurance_behaviour"
              label={t('travel.settings.insuranceBehaviour')}
              helperText={t('travel.settings.insuranceBehaviourHelp')}
              options={options([1, 2, 3], (value) => t(`travel.settings.insurance.${value}`))}
            />
            <FormSwitchField control={form.control} name="is_insurance_separated" label={t('travel.settings.insuranceSeparated')} helperText={t('travel.settings.insuranceSeparatedHelp')} />
            <FormSelectField
              control={form.control}
              name="offer_change_rule"
              label={t('travel.settings.offerChangeRule')}
              helperText={t('travel.settings.offerChangeRuleHelp')}
              options={options([1, 2], (value) => t(`travel.settings.offerChange.${value}`))}
            />
            <FormSelectField
              control={form.control}
              name="message_auto_read"
              label={t('travel.settings.messageAutoRead')}
              options={options([1, 2, 3], (value) => t(`travel.settings.autoRead.${value}`))}
            />
            <FormSelectField
              control={form.control}
              name="flight_is_return_route"
              label={t('travel.settings.flightReturnRoute')}
              helperText={t('travel.settings.flightReturnRouteHelp')}
              options={options([0, 1, 2], (value) => t(`travel.settings.flightReturn.${value}`))}
            />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </>
  );
}
