import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import type { UserProperties } from '@delego/contract';
import { isActingAsOther } from '../../../lib/user-context.ts';
import { DateInput, TextInput, useIssueText } from '../components/fields.tsx';
import { useFieldIssues } from '../components/form-issues-context.tsx';
import type { SettlementFormValues } from '../model/form-values.ts';

function EmployeeField({ user }: { user: UserProperties }) {
  const { t } = useTranslation('settlement-form');
  const { issues } = useFieldIssues('user_id');
  const errorText = useIssueText(issues);
  const actingAsOther = isActingAsOther(user);
  const { control } = useFormContext<SettlementFormValues>();
  // A saved settlement or one made from an order names its employee.
  const namedEmployee = useWatch({ control, name: 'meta.employee_name' });
  if (namedEmployee) {
    return (
      <TextField
        label={t('general.employee')}
        value={namedEmployee}
        helperText={errorText}
        error={Boolean(errorText)}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    );
  }
  // Otherwise the settlement is the signed-in employee's own (or the one acted for): `user_id` stays
  // empty and the server settles that employee.
  return (
    <TextField
      label={t('general.employee')}
      value={actingAsOther ? user.context_user_login : `${user.name} ${user.surname}`}
      helperText={errorText ?? t(actingAsOther ? 'general.employeeActingAs' : 'general.employeeSelf')}
      error={Boolean(errorText)}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}

/** Step 1: who travels, when, where and why (and what a screen adds: the order, cost centre, project). */
export function GeneralStep({ user, extras }: { user: UserProperties; extras?: ReactNode }) {
  const { t } = useTranslation('settlement-form');
  const { getValues, setValue } = useFormContext<SettlementFormValues>();

  // The trip's start and end usually are the first departure and the last arrival: fill them in
  // where still empty, never over what the user typed.
  const fillStart = (value: string) => {
    if (!value) return;
    if (getValues('country.0.in_date') === '') setValue('country.0.in_date', value, { shouldDirty: true });
    if (getValues('transport.0.start_date') === '') setValue('transport.0.start_date', value, { shouldDirty: true });
  };
  const fillEnd = (value: string) => {
    if (!value) return;
    const lastPart = getValues('country').length - 1;
    const lastSegment = getValues('transport').length - 1;
    if (getValues(`country.${lastPart}.out_date`) === '') setValue(`country.${lastPart}.out_date`, value, { shouldDirty: true });
    if (getValues(`transport.${lastSegment}.end_date`) === '') setValue(`transport.${lastSegment}.end_date`, value, { shouldDirty: true });
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <EmployeeField user={user} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} />
      <Grid size={{ xs: 12, md: 6 }}>
        <DateInput name="start_date" label={t('general.startDate')} helperText={t('general.startDateHint')} onCommit={fillStart} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DateInput name="end_date" label={t('general.endDate')} helperText={t('general.endDateHint')} onCommit={fillEnd} />
      </Grid>
      <Grid size={12}>
        <TextInput name="destinationText" label={t('general.destination')} helperText={t('general.destinationHint')} maxLength={1000} />
      </Grid>
      <Grid size={12}>
        <TextInput name="task" label={t('general.task')} multiline maxLength={1000} />
      </Grid>
      {extras && <Grid size={12}>{extras}</Grid>}
    </Grid>
  );
}
