import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PERMISSION_GROUPS, isGrantablePermission, type Permission } from '@delego/domain';

interface PermissionChecklistProps {
  /** Accessible name of the whole list. */
  label: string;
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  /** Shown ticked and locked, e.g. what a role receives from its parent. */
  inherited?: readonly Permission[];
  isAdminContext: boolean;
  disabled?: boolean;
  errorText?: string;
}

/**
 * The whole permission catalogue (spec §6) grouped by area, each permission with its
 * description in the interface language. Provider permissions are locked outside the
 * provider-admin context unless already granted, so they can still be taken away.
 */
export function PermissionChecklist({ label, value, onChange, inherited = [], isAdminContext, disabled, errorText }: PermissionChecklistProps) {
  const { t } = useTranslation('permissions');
  const selected = new Set(value);
  const toggle = (permission: Permission, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(permission);
    else next.delete(permission);
    onChange(PERMISSION_GROUPS.flatMap((group) => group.permissions).filter((name) => next.has(name)));
  };
  return (
    <Box role="group" aria-label={label} sx={{ columnCount: { xs: 1, lg: 2 }, columnGap: 4 }}>
      {errorText && <FormHelperText error>{errorText}</FormHelperText>}
      {PERMISSION_GROUPS.map((group) => {
        const headingId = `permission-group-${group.key}`;
        const isProviderGroup = group.permissions.every((name) => !isGrantablePermission(name, isAdminContext));
        return (
          <Box key={group.key} component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, mb: 2, breakInside: 'avoid' }}>
            <Typography id={headingId} variant="subtitle2" component="legend" sx={{ mb: 0.5 }}>
              {t(`groups.${group.key}`)}
            </Typography>
            {isProviderGroup && (
              <Typography variant="body2" color="text.secondary">
                {t('providerOnlyHint')}
              </Typography>
            )}
            <FormGroup>
              {group.permissions.map((permission) => {
                const isInherited = inherited.includes(permission) && !selected.has(permission);
                const locked = disabled || isInherited || (!isGrantablePermission(permission, isAdminContext) && !selected.has(permission));
                return (
                  <FormControlLabel
                    key={permission}
                    sx={{ alignItems: 'flex-start', my: 0.25 }}
                    control={
                      <Checkbox
                        size="small"
                        sx={{ pt: 0.25 }}
                        checked={selected.has(permission) || isInherited}
                        disabled={locked}
                        onChange={(event) => toggle(permission, event.target.checked)}
                        slotProps={{ input: { 'aria-describedby': `permission-${permission}-description` } }}
                      />
                    }
                    label={
                      <Box>
                        <Typography component="span">{t(`names.${permission}`)}</Typography>
                        {isInherited && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {` (${t('inherited')})`}
                          </Typography>
                        )}
                        <Typography id={`permission-${permission}-description`} variant="body2" color="text.secondary">
                          {t(`descriptions.${permission}`)}
                        </Typography>
                      </Box>
                    }
                  />
                );
              })}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}
