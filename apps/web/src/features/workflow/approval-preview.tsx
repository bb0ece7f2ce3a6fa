import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WorkflowDefinition, WorkflowDocumentKind } from '@delego/domain';
import type { ResponseOf, WorkflowData, workflowApi } from '@delego/contract';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useWorkflowPreview } from './api/use-workflow.ts';

type PreviewResult = ResponseOf<typeof workflowApi.preview>;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

interface ApprovalPreviewProps {
  kind: WorkflowDocumentKind;
  definition: WorkflowDefinition;
  data: WorkflowData | undefined;
  /** True while the editor's graph has problems: the check would only repeat them. */
  hasProblems: boolean;
  onResult: (result: PreviewResult | null) => void;
  result: PreviewResult | null;
}

/** "Who would approve this": a sample trip checked against the editor's graph on the server. */
export function ApprovalPreview({ kind, definition, data, hasProblems, onResult, result }: ApprovalPreviewProps) {
  const { t, i18n } = useTranslation('workflow');
  const titleId = useId();
  const preview = useWorkflowPreview();
  const [employeeId, setEmployeeId] = useState('');
  const [taskId, setTaskId] = useState('');
  const [costCentreId, setCostCentreId] = useState('');
  const [totalCost, setTotalCost] = useState('');
  const costInvalid = totalCost !== '' && !AMOUNT.test(totalCost);

  const run = () => {
    if (!employeeId || costInvalid) return;
    preview.mutate(
      {
        document_kind: kind,
        definition,
        trip: {
          employee_id: Number(employeeId),
          task_id: taskId ? Number(taskId) : null,
          cost_centre_id: costCentreId ? Number(costCentreId) : null,
          total_cost: totalCost === '' ? null : totalCost,
        },
      },
      { onSuccess: onResult },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('preview.description')}
      </Typography>
      <Stack spacing={2}>
        <TextField select size="small" label={t('preview.employee')} value={employeeId} onChange={(event) => setEmployeeId(event.target.value)}>
          {(data?.users ?? [])
            .filter((user) => user.is_active)
            .map((user) => (
              <MenuItem key={user.id} value={String(user.id)}>
                {user.surname} {user.name}
              </MenuItem>
            ))}
        </TextField>
        <TextField select size="small" label={t('preview.purpose')} value={taskId} onChange={(event) => setTaskId(event.target.value)}>
          <MenuItem value="">{t('preview.none')}</MenuItem>
          {(data?.delegation_tasks ?? []).map((task) => (
            <MenuItem key={task.id} value={String(task.id)}>
              {i18n.language === 'en-US' ? task.name_en : task.name_pl}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('preview.costCentre')} value={costCentreId} onChange={(event) => setCostCentreId(event.target.value)}>
          <MenuItem value="">{t('preview.none')}</MenuItem>
          {(data?.cost_centres ?? []).map((centre) => (
            <MenuItem key={centre.id} value={String(centre.id)}>
              {centre.ordinate}
              {centre.name ? ` – ${centre.name}` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('preview.totalCost')}
          value={totalCost}
          onChange={(event) => setTotalCost(event.target.value.trim().replace(',', '.'))}
          error={costInvalid}
          helperText={costInvalid ? translateIssueCode('workflow.totalCostFormat') : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 15 } }}
        />
        <Button variant="outlined" onClick={run} disabled={!employeeId || costInvalid || hasProblems} loading={preview.isPending}>
          {t('preview.run')}
        </Button>
        {hasProblems && <Alert severity="info">{t('preview.invalid')}</Alert>}
      </Stack>
      {result && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('preview.steps')}
          </Typography>
          {result.steps.length === 0 && result.issues.length === 0 && <Typography variant="body2">{t('preview.noSteps')}</Typography>}
          <Box component="ol" aria-label={t('preview.steps')} sx={{ pl: 0, listStyle: 'none', m: 0 }}>
            {result.steps.map((step, index) => (
              <Box component="li" key={step.node_id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('preview.stepTitle', { index: index + 1, kind: t(step.kind === 'substantive' ? 'kinds.acceptSubstantive' : 'kinds.acceptFinancial') })}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {step.acceptors.map((acceptor) => (
                    <Chip
                      key={acceptor.user_id}
                      size="small"
                      label={`${acceptor.name} ${acceptor.surname} · ${t(`preview.sources.${acceptor.source}`)}`}
                    />
                  ))}
                </Box>
                {step.fallback && step.acceptors.length > 0 && (
                  <Typography variant="caption" color="warning.main">
                    {t('preview.fallback')}
                  </Typography>
                )}
                {step.acceptors.length === 0 && (
                  <Typography variant="caption" color="error">
                    {t('preview.noAcceptor')}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
          {result.steps.length === 0 &&
            result.issues.map((issue) => (
              <Alert key={`${issue.code}-${issue.path.join('.')}`} severity="error" sx={{ mt: 1 }}>
                {translateIssueCode(issue.code, issue.params)}
              </Alert>
            ))}
        </Box>
      )}
    </Paper>
  );
}
