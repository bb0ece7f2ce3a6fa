import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useIssueDialog } from '../shared/issue-dialog.tsx';
import { useRoleOptions, useSaveDefaultRoles } from '../api/roles.ts';
import { RoleAreaNav } from './role-area-nav.tsx';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';

/** `/settings/role/default`: the roles every new user gets. */
export function DefaultRolesPage() {
  const { t } = useTranslation('adminRoles');
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const options = useRoleOptions();
  const save = useSaveDefaultRoles();
  const refusal = useIssueDialog(t('list.refusedTitle'));
  const [selected, setSelected] = useState<number[] | null>(null);

  useEffect(() => {
    if (options.data && selected === null) setSelected(options.data.roles.filter((role) => role.is_default).map((role) => role.id));
  }, [options.data, selected]);

  const body = () => {
    if (options.isError) {
      return <LoadFailedAlert onRetry={() => options.refetch()} />;
    }
    if (!options.data || selected === null) return <PageSpinner />;
    const toggle = (id: number, checked: boolean) => setSelected(checked ? [...selected, id] : selected.filter((value) => value !== id));
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('defaults.intro')}
        </Typography>
        {options.data.roles.length === 0 ? (
          <Typography color="text.secondary">{t('defaults.empty')}</Typography>
        ) : (
          <FormGroup aria-label={t('defaults.group')} role="group">
            {options.data.roles.map((role) => (
              <FormControlLabel
                key={role.id}
                control={<Checkbox checked={selected.includes(role.id)} disabled={role.is_blocked} onChange={(event) => toggle(role.id, event.target.checked)} />}
                label={role.is_blocked ? `${role.name} (${tc('status.blocked').toLowerCase()})` : role.name}
              />
            ))}
          </FormGroup>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            variant="contained"
            loading={save.isPending}
            onClick={() =>
              save.mutate({ role_ids: selected }, { onSuccess: () => enqueueSnackbar(t('defaults.saved')), onError: (error) => refusal.show(error) })
            }
          >
            {tcommon('actions.save')}
          </Button>
        </Box>
      </Paper>
    );
  };

  return (
    <>
      <PageHeader title={t('defaults.title')} />
      <SettingsNavigation />
      <RoleAreaNav />
      {body()}
      {refusal.dialog}
    </>
  );
}
