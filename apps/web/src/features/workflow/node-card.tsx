import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FlagIcon from '@mui/icons-material/Flag';
import PaymentsIcon from '@mui/icons-material/Payments';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isAcceptNode, type Issue, type WorkflowNode, type WorkflowNodeKind } from '@delego/domain';
import type { WorkflowData } from '@delego/contract';
import { translateIssueCode } from '../../lib/server-messages.ts';

const ICONS: Record<WorkflowNodeKind, ComponentType<{ fontSize?: 'small' }>> = {
  start: PlayArrowIcon,
  acceptSubstantive: TaskAltIcon,
  acceptFinancial: PaymentsIcon,
  conditionPurpose: AccountTreeIcon,
  conditionCostCentre: AccountTreeIcon,
  conditionTotalCost: AccountTreeIcon,
  end: FlagIcon,
};

export function userName(data: WorkflowData | undefined, id: number): string {
  const user = data?.users.find((candidate) => candidate.id === id);
  return user ? `${user.name} ${user.surname}` : `#${id}`;
}

function NodeSummary({ node, data }: { node: WorkflowNode; data: WorkflowData | undefined }) {
  const { t, i18n } = useTranslation('workflow');
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : t('node.nothingChosen'));
  if (isAcceptNode(node)) {
    const chips = [
      ...node.acceptor_user_ids.map((id) => ({ key: `u${id}`, label: userName(data, id) })),
      ...(node.superior ? [{ key: 'superior', label: t('node.superior') }] : []),
      ...(node.any_holder ? [{ key: 'holder', label: t('node.anyHolder') }] : []),
    ];
    if (chips.length === 0) return <Typography variant="body2" color="text.secondary">{t('node.noAcceptors')}</Typography>;
    return (
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('node.anyOf')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {chips.map((chip) => (
            <Chip key={chip.key} size="small" label={chip.label} />
          ))}
        </Box>
      </Box>
    );
  }
  if (node.kind === 'conditionPurpose') {
    const names = node.task_ids.map((id) => {
      const task = data?.delegation_tasks.find((candidate) => candidate.id === id);
      return task ? (i18n.language === 'en-US' ? task.name_en : task.name_pl) : `#${id}`;
    });
    return <Typography variant="body2">{t('node.purposes', { list: list(names) })}</Typography>;
  }
  if (node.kind === 'conditionCostCentre') {
    const names = node.cost_centre_ids.map((id) => data?.cost_centres.find((candidate) => candidate.id === id)?.ordinate ?? `#${id}`);
    return <Typography variant="body2">{t('node.costCentres', { list: list(names) })}</Typography>;
  }
  if (node.kind === 'conditionTotalCost') {
    return <Typography variant="body2">{node.threshold ? t('node.threshold', { amount: node.threshold }) : t('node.thresholdMissing')}</Typography>;
  }
  return null;
}

interface NodeCardProps {
  node: WorkflowNode;
  label: string;
  data: WorkflowData | undefined;
  problems: readonly Issue[];
  isOnPath: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** One step of the path as a card: what it does, its problems, and buttons to edit or remove it. */
export function NodeCard({ node, label, data, problems, isOnPath, onEdit, onRemove }: NodeCardProps) {
  const { t } = useTranslation('workflow');
  const titleId = useId();
  const problemsId = useId();
  const Icon = ICONS[node.kind];
  const editable = node.kind !== 'start' && node.kind !== 'end';
  const borderColor = problems.length > 0 ? 'error.main' : isOnPath ? 'primary.main' : 'divider';
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      aria-describedby={problems.length > 0 ? problemsId : undefined}
      data-node-id={node.id}
      sx={{ p: 1.5, width: '100%', maxWidth: 340, borderColor, borderWidth: problems.length > 0 || isOnPath ? 2 : 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon fontSize="small" />
        <Typography id={titleId} variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {editable && (
          <>
            <Tooltip title={t('actions.edit', { label })}>
              <IconButton size="small" aria-label={t('actions.edit', { label })} onClick={onEdit}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('actions.remove', { label })}>
              <IconButton size="small" aria-label={t('actions.remove', { label })} onClick={onRemove}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      <Box sx={{ mt: 0.5 }}>
        <NodeSummary node={node} data={data} />
      </Box>
      {isOnPath && (
        <Typography variant="caption" color="primary">
          {t('node.onPath')}
        </Typography>
      )}
      {problems.length > 0 && (
        <Box id={problemsId} component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: 'error.main' }}>
          {problems.map((problem) => (
            <Typography key={`${problem.code}-${problem.path.join('.')}-${JSON.stringify(problem.params ?? {})}`} component="li" variant="body2">
              {translateIssueCode(problem.code, problem.params)}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}
