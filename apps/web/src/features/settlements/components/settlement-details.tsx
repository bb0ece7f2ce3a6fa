import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useCurrentUser } from '../../../lib/session.tsx';
import { userHasModule } from '../../../lib/user-context.ts';
import { useOptimaCategories } from '../../optima/api/optima.ts';
import { useFormOptions } from '../api/settlements.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { useIssueText } from './fields.tsx';
import { useFieldIssues } from './form-issues-context.tsx';

interface ReferenceSelectProps {
  name: 'meta.cost_centre_id' | 'meta.project_id' | 'meta.optima_category_code';
  /** The issue key the server reports it under (`cost_centre_id`, `project_id`, `optima_category_code`). */
  issueKey: string;
  label: string;
  options: { value: string; label: string; disabled?: boolean }[];
  disabled?: boolean;
  helperText?: string;
}

function ReferenceSelect({ name, issueKey, label, options, disabled, helperText }: ReferenceSelectProps) {
  const { t } = useTranslation('settlements');
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const { issues, markTouched } = useFieldIssues(issueKey);
  const errorText = useIssueText(issues);
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        markTouched();
      }}
      onBlur={field.onBlur}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      size="small"
    >
      <MenuItem value="">{t('details.none')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Step 1's fields of the settlement as a document: its base order, cost centre, project and, with the
 * accounting export on, its Optima category (chosen from the categories imported from Optima). A
 * settlement made from an order keeps the order's cost centre (spec §5 "cost centre must equal the
 * order's").
 */
export function SettlementDetails() {
  const { t, i18n } = useTranslation('settlements');
  const { control } = useFormContext<SettlementFormValues>();
  const meta = useWatch({ control, name: 'meta' });
  const options = useFormOptions();
  const exportOn = userHasModule(useCurrentUser(), 'accounting_export');
  const categories = useOptimaCategories(exportOn);
  const { issues } = useFieldIssues('delegation_order_id');
  const orderIssue = useIssueText(issues);
  if (!meta) return null;
  const fromOrder = meta.delegation_order_id !== null;
  const centres = options.data?.cost_centres ?? [];
  const projects = options.data?.projects ?? [];
  return (
    <Grid container spacing={2}>
      {fromOrder && (
        <Grid size={12}>
          <Alert severity={orderIssue ? 'error' : 'info'} role="note">
            {meta.delegation_order_number ? t('details.fromOrder', { number: meta.delegation_order_number }) : t('details.fromOrderUnnumbered')}
            {orderIssue && ` ${orderIssue}`}
          </Alert>
        </Grid>
      )}
      {!fromOrder && orderIssue && (
        <Grid size={12}>
          <Alert severity="error">{orderIssue}</Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <ReferenceSelect
          name="meta.cost_centre_id"
          issueKey="cost_centre_id"
          label={t('details.costCentre')}
          disabled={fromOrder}
          helperText={fromOrder ? t('details.costCentreFromOrder') : undefined}
          options={centres.map((centre) => ({
            value: String(centre.id),
            label: centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate,
            // A centre closed for new documents stays selectable on a settlement that already names it.
            disabled: !centre.enabled_for_new && String(centre.id) !== meta.cost_centre_id,
          }))}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ReferenceSelect
          name="meta.project_id"
          issueKey="project_id"
          label={t('details.project')}
          options={projects.map((project) => ({ value: String(project.id), label: project.name, disabled: !project.is_active && String(project.id) !== meta.project_id }))}
        />
      </Grid>
      {exportOn && ((categories.data?.items.length ?? 0) > 0 || meta.optima_category_code !== '') && (
        <Grid size={{ xs: 12, md: 6 }}>
          <ReferenceSelect
            name="meta.optima_category_code"
            issueKey="optima_category_code"
            label={t('details.optimaCategory')}
            options={[
              ...(categories.data?.items ?? [])
                .filter((category) => category.is_active || category.code === meta.optima_category_code)
                .map((category) => ({ value: category.code, label: category.description ? `${category.code} – ${category.description}` : category.code })),
              // A code no longer among the imported categories stays shown, so the server can say why it is refused.
              ...(meta.optima_category_code !== '' && !categories.data?.items.some((category) => category.code === meta.optima_category_code)
                ? [{ value: meta.optima_category_code, label: meta.optima_category_code }]
                : []),
            ]}
          />
        </Grid>
      )}
      {meta.task_id !== null && options.data && (
        <Grid size={12}>
          <TextField
            label={t('details.purpose')}
            value={(() => {
              const task = options.data.tasks.find((candidate) => candidate.id === meta.task_id);
              if (!task) return '';
              return i18n.language.startsWith('en') ? task.name_en : task.name_pl;
            })()}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Grid>
      )}
    </Grid>
  );
}
