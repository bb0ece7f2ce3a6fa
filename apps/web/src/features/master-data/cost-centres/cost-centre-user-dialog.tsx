import { useEffect, useId, useState, type FormEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CostCentreOption, CostCentreUserDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useSaveCostCentreUser } from '../api/cost-centres.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { refusalText } from '../shared/server-errors.ts';

/** Sets one user's cost centres and picks the default among them. */
export function CostCentreUserDialog({ user, options, onClose }: { user: CostCentreUserDto | null; options: readonly CostCentreOption[]; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const save = useSaveCostCentreUser();
  const groupLabelId = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [defaultId, setDefaultId] = useState<number | null>(null);
  const [defaultError, setDefaultError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    setSelected(user.cost_centre_ids);
    setDefaultId(user.default_cost_centre_id);
    setDefaultError(null);
    setFormError(null);
  }, [user]);

  // A cost centre disabled for new documents stays listed while the user still has it.
  const shown = options.filter((centre) => centre.enabled_for_new || selected.includes(centre.id));

  const toggle = (id: number, checked: boolean) => {
    const next = checked ? [...selected, id] : selected.filter((value) => value !== id);
    setSelected(next);
    if (!next.includes(defaultId ?? -1)) setDefaultId(next.length === 1 ? next[0]! : null);
    else if (defaultId === null && next.length === 1) setDefaultId(next[0]!);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    setDefaultError(null);
    setFormError(null);
    save.mutate(
      { user_id: user.user_id, cost_centre_ids: selected, default_cost_centre_id: defaultId },
      {
        onSuccess: () => {
          enqueueSnackbar(t('costCentres.users.saved'));
          onClose();
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.issues.find((candidate) => candidate.path[0] === 'default_cost_centre_id') : undefined;
          if (issue) setDefaultError(translateIssueCode(issue.code, issue.params));
          else setFormError(refusalText(error));
        },
      },
    );
  };

  return (
    <FormDialog
      open={user !== null}
      title={t('costCentres.users.dialogTitle', { name: user ? `${user.name} ${user.surname}` : '' })}
      onClose={onClose}
      onSubmit={onSubmit}
      isPending={save.isPending}
      formError={formError}
    >
      <FormControl component="fieldset">
        <FormLabel component="legend" id={groupLabelId}>
          {t('costCentres.users.assigned')}
        </FormLabel>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t('costCentres.users.noCostCentres')}</Typography>
        ) : (
          <FormGroup aria-labelledby={groupLabelId}>
            {shown.map((centre) => (
              <FormControlLabel
                key={centre.id}
                control={<Checkbox checked={selected.includes(centre.id)} onChange={(event) => toggle(centre.id, event.target.checked)} />}
                label={centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate}
              />
            ))}
          </FormGroup>
        )}
      </FormControl>
      <TextField
        select
        fullWidth
        label={t('costCentres.users.default')}
        value={defaultId === null ? '' : String(defaultId)}
        onChange={(event) => setDefaultId(event.target.value ? Number(event.target.value) : null)}
        disabled={selected.length === 0}
        error={Boolean(defaultError)}
        helperText={defaultError ?? t('costCentres.users.defaultHelp')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">
          <em>{t('costCentres.users.noDefault')}</em>
        </MenuItem>
        {options
          .filter((centre) => selected.includes(centre.id))
          .map((centre) => (
            <MenuItem key={centre.id} value={String(centre.id)}>
              {centre.ordinate}
            </MenuItem>
          ))}
      </TextField>
      <FormHelperText>{t('costCentres.users.hint')}</FormHelperText>
    </FormDialog>
  );
}
