import { useEffect, useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrganizationUnitDto, OrganizationUnitUserDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useAssignOrganizationUnitUsers } from '../api/organisation.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { refusalText } from '../shared/server-errors.ts';
import { flattenTree } from './unit-tree.ts';

const NO_UNIT = 'none';

/** Puts the chosen users into one unit, or takes them out of every unit. `onClose(true)` after a save. */
export function AssignUnitDialog({ users, units, onClose }: { users: OrganizationUnitUserDto[] | null; units: readonly OrganizationUnitDto[]; onClose: (assigned: boolean) => void }) {
  const { t } = useTranslation('masterData');
  const assign = useAssignOrganizationUnitUsers();
  const [unit, setUnit] = useState('');
  const [unitError, setUnitError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!users) return;
    const current = users.length === 1 ? users[0]!.organization_unit_id : null;
    setUnit(current === null ? '' : String(current));
    setUnitError(null);
    setFormError(null);
  }, [users]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!users) return;
    if (unit === '') {
      setUnitError(t('organisation.users.chooseUnit'));
      return;
    }
    assign.mutate(
      { organization_unit_id: unit === NO_UNIT ? null : Number(unit), user_ids: users.map((user) => user.user_id) },
      {
        onSuccess: (result) => {
          enqueueSnackbar(t('organisation.users.assigned', { count: result.updated }));
          onClose(true);
        },
        onError: (error) => setFormError(refusalText(error)),
      },
    );
  };

  return (
    <FormDialog open={users !== null} title={t('organisation.users.assignTitle')} onClose={() => onClose(false)} onSubmit={onSubmit} isPending={assign.isPending} formError={formError}>
      <Typography>
        {users && users.length === 1 ? t('organisation.users.assignOne', { name: `${users[0]!.name} ${users[0]!.surname}` }) : t('organisation.users.assignMany', { count: users?.length ?? 0 })}
      </Typography>
      <TextField
        select
        fullWidth
        label={t('organisation.users.unit')}
        value={unit}
        onChange={(event) => {
          setUnit(event.target.value);
          setUnitError(null);
        }}
        error={Boolean(unitError)}
        helperText={unitError ?? undefined}
      >
        <MenuItem value={NO_UNIT}>{t('organisation.users.removeFromUnit')}</MenuItem>
        {flattenTree(units).map(({ unit: candidate, depth }) => (
          <MenuItem key={candidate.id} value={String(candidate.id)}>
            {`${'\u00a0\u00a0'.repeat(depth)}${candidate.name}`}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
