import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isAcceptNode, isValidThreshold, type WorkflowDocumentKind, type WorkflowNode } from '@delego/domain';
import type { WorkflowData } from '@delego/contract';
import { translateIssueCode } from '../../lib/server-messages.ts';

interface Option {
  id: number;
  label: string;
}

function MultiSelect({ label, helperText, options, value, onChange }: { label: string; helperText?: string; options: Option[]; value: number[]; onChange: (ids: number[]) => void }) {
  const selected = value.map((id) => options.find((option) => option.id === id) ?? { id, label: `#${id}` });
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

interface NodeEditorDialogProps {
  node: WorkflowNode;
  label: string;
  kind: WorkflowDocumentKind;
  data: WorkflowData | undefined;
  onApply: (node: WorkflowNode) => void;
  onClose: () => void;
}

/** Edits one step: its acceptors, or the values of its condition. */
export function NodeEditorDialog({ node, label, kind, data, onApply, onClose }: NodeEditorDialogProps) {
  const { t, i18n } = useTranslation('workflow');
  const { t: tc } = useTranslation('common');
  const [draft, setDraft] = useState<WorkflowNode>(node);
  const userOptions: Option[] = (data?.users ?? []).map((user) => ({
    id: user.id,
    label: `${user.surname} ${user.name} (${user.login})${user.is_active ? '' : ` – ${t('editor.inactive')}`}`,
  }));
  const taskOptions: Option[] = (data?.delegation_tasks ?? []).map((task) => ({
    id: task.id,
    label: `${i18n.language === 'en-US' ? task.name_en : task.name_pl}${task.enabled_for_new ? '' : ` – ${t('editor.disabledForNew')}`}`,
  }));
  const centreOptions: Option[] = (data?.cost_centres ?? []).map((centre) => ({
    id: centre.id,
    label: `${centre.ordinate}${centre.name ? ` – ${centre.name}` : ''}${centre.enabled_for_new ? '' : ` – ${t('editor.disabledForNew')}`}`,
  }));
  const thenBranch = draft.kind.startsWith('condition') ? t(`branches.${draft.kind}.then`) : '';
  const thresholdInvalid = draft.kind === 'conditionTotalCost' && draft.threshold !== '' && !isValidThreshold(draft.threshold);

  return (
    <Dialog open onClose={onClose} aria-labelledby="node-editor-title" maxWidth="sm" fullWidth>
      <DialogTitle id="node-editor-title">{t('editor.title', { label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {isAcceptNode(draft) && (
            <>
              {kind === 'delegation' && (
                <TextField
                  select
                  label={t('editor.step')}
                  value={draft.kind}
                  onChange={(event) => setDraft({ ...draft, kind: event.target.value === 'acceptFinancial' ? 'acceptFinancial' : 'acceptSubstantive' })}
                >
                  <MenuItem value="acceptSubstantive">{t('kinds.acceptSubstantive')}</MenuItem>
                  <MenuItem value="acceptFinancial">{t('kinds.acceptFinancial')}</MenuItem>
                </TextField>
              )}
              <MultiSelect
                label={t('editor.acceptors')}
                helperText={t('editor.acceptorsHelp')}
                options={userOptions}
                value={draft.acceptor_user_ids}
                onChange={(ids) => setDraft({ ...draft, acceptor_user_ids: ids })}
              />
              <FormControlLabel
                control={<Switch checked={draft.superior} onChange={(event) => setDraft({ ...draft, superior: event.target.checked })} />}
                label={t('editor.superior')}
              />
              <FormControlLabel
                control={<Switch checked={draft.any_holder} onChange={(event) => setDraft({ ...draft, any_holder: event.target.checked })} />}
                label={t('editor.anyHolder')}
              />
            </>
          )}
          {draft.kind === 'conditionPurpose' && (
            <MultiSelect
              label={t('editor.purposes', { branch: thenBranch })}
              options={taskOptions}
              value={draft.task_ids}
              onChange={(ids) => setDraft({ ...draft, task_ids: ids })}
            />
          )}
          {draft.kind === 'conditionCostCentre' && (
            <MultiSelect
              label={t('editor.costCentres', { branch: thenBranch })}
              options={centreOptions}
              value={draft.cost_centre_ids}
              onChange={(ids) => setDraft({ ...draft, cost_centre_ids: ids })}
            />
          )}
          {draft.kind === 'conditionTotalCost' && (
            <TextField
              label={t('editor.threshold')}
              value={draft.threshold}
              onChange={(event) => setDraft({ ...draft, threshold: event.target.value.trim().replace(',', '.') })}
              error={thresholdInvalid}
              helperText={thresholdInvalid ? translateIssueCode('workflow.thresholdInvalid') : t('editor.thresholdHelp', { branch: thenBranch })}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 15 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          {t('editor.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
