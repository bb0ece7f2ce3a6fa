import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useController, useWatch, type Control } from 'react-hook-form';
import { PASSWORD_EXPIRY_CHOICES, PAYMENT_TYPES } from '@delego/domain';
import { ListTable } from '../../../components/data-table/data-table.tsx';
import { LANGUAGES, type UserFormOptions } from '@delego/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { FormAutocompleteField, FormSelectField, type SelectOption } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { PermissionChecklist } from '../shared/permission-checklist.tsx';
import type { UserFormValues } from './user-form.ts';
import { FormDateField } from '../../../components/form/form-date-field.tsx';
import { ANY_DAY_LIMITS, birthDayLimits } from '../../../components/inputs/date-time-field.tsx';

export interface TabProps {
  control: Control<UserFormValues>;
  options: UserFormOptions;
  /** The edited user's id; null for a new user. */
  userId: number | null;
}

function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>{children}</Box>;
}

function Intro({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

export function BasicTab({ control, options, userId }: TabProps) {
  const { t } = useTranslation('adminUsers');
  const isNew = userId === null;
  return (
    <FieldGrid>
      <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="off" />
      <FormTextField control={control} name="middle_name" label={t('fields.middle_name')} autoComplete="off" />
      <FormTextField control={control} name="surname" label={t('fields.surname')} autoComplete="off" />
      <FormTextField control={control} name="email" type="email" label={t('fields.email')} autoComplete="off" />
      <FormTextField control={control} name="login" label={t('fields.login')} helperText={t('fields.loginHint')} autoComplete="off" />
      <FormTextField control={control} name="phone" label={t('fields.phone')} helperText={t('fields.phoneHint')} inputMode="tel" maxLength={40} />
      <FormTextField
        control={control}
        name="password"
        type="password"
        label={t(isNew ? 'fields.password' : 'fields.passwordOnEdit')}
        helperText={isNew ? undefined : t('fields.passwordOnEditHint')}
        autoComplete="new-password"
      />
      <FormTextField control={control} name="repeat_password" type="password" label={t('fields.repeat_password')} autoComplete="new-password" />
      <FormSelectField
        control={control}
        name="language"
        label={t('fields.language')}
        options={LANGUAGES.map((language) => ({ value: language, label: t(`options.language.${language}`) }))}
      />
      <FormSelectField
        control={control}
        name="password_expiry"
        label={t('fields.password_expiry')}
        options={[
          { value: '', label: t('options.companyDefault', { value: t(`options.passwordExpiry.${options.company_password_expiry}`) }) },
          ...PASSWORD_EXPIRY_CHOICES.map((choice) => ({ value: choice, label: t(`options.passwordExpiry.${choice}`) })),
        ]}
      />
      <FormSwitchField control={control} name="is_active" label={t('fields.is_active')} helperText={t('fields.isActiveHint')} />
    </FieldGrid>
  );
}

export function CostCentreTab({ control, options }: TabProps) {
  const { t } = useTranslation('adminUsers');
  const assigned = useController({ control, name: 'cost_centre_ids' });
  const byDefault = useController({ control, name: 'default_cost_centre_id' });
  const ids = assigned.field.value;
  const assignedError = fieldErrorText(assigned.fieldState.error);
  const defaultError = fieldErrorText(byDefault.fieldState.error);

  const toggle = (id: number, checked: boolean) => {
    const next = checked ? [...ids, id] : ids.filter((value) => value !== id);
    assigned.field.onChange(next);
    // The first centre becomes the default; removing the default picks another or none.
    if (checked && byDefault.field.value === '') byDefault.field.onChange(String(id));
    if (!checked && byDefault.field.value === String(id)) byDefault.field.onChange(next[0] === undefined ? '' : String(next[0]));
  };

  if (options.cost_centres.length === 0) return <Alert severity="info">{t('costCentres.empty')}</Alert>;
  const labelOf = (centre: UserFormOptions['cost_centres'][number]) => (centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate);
  return (
    <>
      <Intro>{t('costCentres.intro')}</Intro>
      {assignedError && <FormHelperText error>{assignedError}</FormHelperText>}
      {defaultError && <FormHelperText error>{defaultError}</FormHelperText>}
      <ListTable
        label={t('fields.cost_centre_ids')}
        rows={options.cost_centres}
        rowKey={(centre) => centre.id}
        rowLabel={labelOf}
        columns={[
          {
            key: 'assigned',
            label: t('costCentres.assigned'),
            render: (centre) => (
              <Checkbox
                sx={{ p: 0 }}
                checked={ids.includes(centre.id)}
                onChange={(event) => toggle(centre.id, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('costCentres.assign', { label: labelOf(centre) }) } }}
              />
            ),
          },
          {
            key: 'centre',
            label: t('fields.cost_centre_ids'),
            render: (centre) => (
              <>
                {labelOf(centre)}
                {!centre.enabled_for_new && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` (${t('costCentres.disabledForNew')})`}
                  </Typography>
                )}
              </>
            ),
          },
          {
            key: 'default',
            label: t('costCentres.default'),
            align: 'center',
            render: (centre) => (
              <Radio
                sx={{ p: 0 }}
                checked={byDefault.field.value === String(centre.id)}
                disabled={!ids.includes(centre.id)}
                onChange={() => byDefault.field.onChange(String(centre.id))}
                slotProps={{ input: { 'aria-label': t('costCentres.makeDefault', { label: labelOf(centre) }) } }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** Organisation units as a tree, each indented under its parent. */
function unitOptions(units: UserFormOptions['organization_units']): SelectOption[] {
  const children = new Map<number | null, typeof units>();
  for (const unit of units) {
    const parent = unit.parent_id !== null && units.some((other) => other.id === unit.parent_id) ? unit.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), unit]);
  }
  const result: SelectOption[] = [];
  const visit = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const unit of children.get(parent) ?? []) {
      if (seen.has(unit.id)) continue;
      seen.add(unit.id);
      result.push({ value: String(unit.id), label: `${'\u00a0\u00a0'.repeat(depth)}${unit.name}` });
      visit(unit.id, depth + 1, seen);
    }
  };
  visit(null, 0, new Set());
  return result;
}

export function DelegationTab({ control, options, userId }: TabProps) {
  const { t } = useTranslation('adminUsers');
  const privateVehicleId = useWatch({ control, name: 'private_vehicle_id' });
  const superiorId = useWatch({ control, name: 'superior_id' });
  const vehicleLabel = (vehicle: UserFormOptions['vehicles'][number]) => `${vehicle.plates} – ${vehicle.model}`;
  const privateVehicles = options.vehicles.filter(
    (vehicle) => vehicle.is_private && (vehicle.owner_user_id === null || vehicle.owner_user_id === userId) && (vehicle.is_active || String(vehicle.id) === privateVehicleId),
  );
  const defaultVehicles = options.vehicles.filter(
    (vehicle) => (vehicle.is_active || String(vehicle.id) === privateVehicleId) && (!vehicle.is_private || String(vehicle.id) === privateVehicleId || (userId !== null && vehicle.owner_user_id === userId)),
  );
  const superiors = options.users
    .filter((user) => user.id !== userId && (user.is_active || String(user.id) === superiorId))
    .map((user) => {
      const name = `${user.surname} ${user.name} (${user.login})`;
      return { value: String(user.id), label: user.is_active ? name : t('options.inactiveUser', { name }) };
    });
  return (
    <>
      <Intro>{t('delegation.intro')}</Intro>
      <FieldGrid>
        <FormAutocompleteField control={control} name="superior_id" label={t('fields.superior_id')} options={superiors} />
        <FormSelectField control={control} name="organization_unit_id" label={t('fields.organization_unit_id')} emptyLabel={t('options.none')} options={unitOptions(options.organization_units)} />
        <FormSelectField
          control={control}
          name="rate_group_id"
          label={t('fields.rate_group_id')}
          emptyLabel={t('options.none')}
          options={options.rate_groups.map((group) => ({ value: String(group.id), label: group.name }))}
        />
        <FormSelectField
          control={control}
          name="payment_type"
          label={t('fields.payment_type')}
          options={PAYMENT_TYPES.map((type) => ({ value: type, label: t(`options.paymentType.${type}`) }))}
        />
        <FormSelectField
          control={control}
          name="private_vehicle_id"
          label={t('fields.private_vehicle_id')}
          emptyLabel={t('options.none')}
          options={privateVehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicleLabel(vehicle) }))}
        />
        <FormSelectField
          control={control}
          name="default_vehicle_id"
          label={t('fields.default_vehicle_id')}
          emptyLabel={t('options.none')}
          options={defaultVehicles.map((vehicle) => ({
            value: String(vehicle.id),
            label: t(vehicle.is_private ? 'options.privateVehicle' : 'options.companyVehicle', { label: vehicleLabel(vehicle) }),
          }))}
        />
        <FormTextField control={control} name="bank_name" label={t('fields.bank_name')} maxLength={200} />
        <FormTextField
          control={control}
          name="bank_account_number"
          label={t('fields.bank_account_number')}
          helperText={t('fields.bankAccountHint')}
          maxLength={40}
          inputMode="numeric"
        />
      </FieldGrid>
    </>
  );
}

export function RolesTab({ control, options, userId }: TabProps) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation('companyAdmin');
  const roles = useController({ control, name: 'role_ids' });
  const permissions = useController({ control, name: 'permissions' });
  const rolesError = fieldErrorText(roles.fieldState.error);
  const selected = roles.field.value;
  const toggle = (id: number, checked: boolean) => roles.field.onChange(checked ? [...selected, id] : selected.filter((value) => value !== id));
  return (
    <>
      <Intro>{t('roles.intro')}</Intro>
      <Typography variant="subtitle1" component="h2">
        {t('fields.role_ids')}
      </Typography>
      {userId === null && options.roles.some((role) => role.is_default) && (
        <Typography variant="body2" color="text.secondary">
          {t('roles.defaultHint')}
        </Typography>
      )}
      {rolesError && <FormHelperText error>{rolesError}</FormHelperText>}
      {options.roles.length === 0 ? (
        <Typography color="text.secondary">{t('roles.empty')}</Typography>
      ) : (
        <Box role="group" aria-label={t('fields.role_ids')} sx={{ mb: 3 }}>
          {options.roles.map((role) => {
            const isSelected = selected.includes(role.id);
            return (
              <FormControlLabel
                key={role.id}
                sx={{ display: 'flex', alignItems: 'flex-start', my: 0.5 }}
                control={
                  <Checkbox
                    size="small"
                    sx={{ pt: 0.25 }}
                    checked={isSelected}
                    disabled={role.is_blocked && !isSelected}
                    onChange={(event) => toggle(role.id, event.target.checked)}
                  />
                }
                label={
                  <Box>
                    <Typography component="span">{role.name}</Typography>
                    {role.is_default && (
                      <Typography component="span" variant="body2" color="text.secondary">{` (${tc('status.default').toLowerCase()})`}</Typography>
                    )}
                    {role.is_blocked && (
                      <Typography component="span" variant="body2" color="warning.main">{` – ${t('roles.blocked')}`}</Typography>
                    )}
                    {role.description && (
                      <Typography variant="body2" color="text.secondary">
                        {role.description}
                      </Typography>
                    )}
                  </Box>
                }
              />
            );
          })}
        </Box>
      )}
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('fields.permissions')}
      </Typography>
      <PermissionChecklist
        label={t('fields.permissions')}
        value={permissions.field.value}
        onChange={permissions.field.onChange}
        isAdminContext={options.is_admin_context}
        errorText={fieldErrorText(permissions.fieldState.error)}
      />
    </>
  );
}

export function AdditionalDataTab({ control }: TabProps) {
  const { t } = useTranslation('adminUsers');
  return (
    <>
      <Intro>{t('additional.intro')}</Intro>
      <FieldGrid>
        <FormDateField control={control} name="birth_date" label={t('fields.birth_date')} {...birthDayLimits()} />
        <FormTextField control={control} name="nationality" label={t('fields.nationality')} maxLength={100} />
        <FormTextField
          control={control}
          name="identity_document_number"
          label={t('fields.identity_document_number')}
          helperText={t('fields.documentNumberHint')}
          maxLength={30}
        />
        <FormDateField control={control} name="identity_document_expiry" label={t('fields.identity_document_expiry')} maxDay={ANY_DAY_LIMITS.maxDay} />
        <FormTextField control={control} name="identity_document_issue_place" label={t('fields.identity_document_issue_place')} maxLength={200} />
        <FormTextField control={control} name="integration_id" label={t('fields.integration_id')} helperText={t('fields.integrationIdHint')} maxLength={200} />
        <FormTextField control={control} name="position" label={t('fields.position')} maxLength={200} />
        <FormTextField control={control} name="department" label={t('fields.department')} maxLength={200} />
      </FieldGrid>
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <FormTextField control={control} name="responsibilities" label={t('fields.responsibilities')} multiline maxLength={4000} />
        <FormSwitchField control={control} name="notify_of_all_offers" label={t('fields.notify_of_all_offers')} />
      </Box>
    </>
  );
}
