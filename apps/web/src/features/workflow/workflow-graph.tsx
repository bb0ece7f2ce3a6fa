import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Issue, WorkflowDocumentKind, WorkflowNode, WorkflowNodeKind } from '@delego/domain';
import type { WorkflowData } from '@delego/contract';
import { NodeCard } from './node-card.tsx';
import { insertableKinds } from './workflow-edit.ts';
import type { LayoutItem, LayoutLink } from './workflow-layout.ts';

export interface GraphHandlers {
  onInsert: (parentId: string, field: LayoutLink['field'], kind: WorkflowNodeKind) => void;
  onEdit: (node: WorkflowNode) => void;
  onRemove: (node: WorkflowNode) => void;
}

interface GraphContext extends GraphHandlers {
  kind: WorkflowDocumentKind;
  data: WorkflowData | undefined;
  labels: ReadonlyMap<string, string>;
  problems: ReadonlyMap<string, Issue[]>;
  path: ReadonlySet<string>;
}

/** A vertical line between two steps. */
function Connector() {
  return <Box aria-hidden sx={{ width: 2, height: 16, bgcolor: 'divider' }} />;
}

/** The "+" on a link: adds a step there, continuing where the link led. */
function InsertButton({ context, link, label }: { context: GraphContext; link: LayoutLink; label: string }) {
  const { t } = useTranslation('workflow');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" color="primary" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <AddCircleOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {insertableKinds(context.kind).map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              context.onInsert(link.parentId, link.field, kind);
            }}
          >
            {t(`addKinds.${kind}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function Item({ item, context }: { item: LayoutItem; context: GraphContext }) {
  const { t } = useTranslation('workflow');
  if (item.type === 'missing') {
    return (
      <Alert severity="warning" variant="outlined" sx={{ maxWidth: 340 }}>
        {t('node.nothingChosen')}
      </Alert>
    );
  }
  if (item.type === 'ref') {
    return (
      <Paper variant="outlined" sx={{ p: 1, maxWidth: 340, borderStyle: 'dashed' }}>
        <Typography variant="body2" color="text.secondary">
          {t('node.continuesAt', { label: context.labels.get(item.nodeId) ?? item.nodeId })}
        </Typography>
      </Paper>
    );
  }
  const { node, after } = item;
  const label = context.labels.get(node.id) ?? node.id;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
      <NodeCard
        node={node}
        label={label}
        data={context.data}
        problems={context.problems.get(node.id) ?? []}
        isOnPath={context.path.has(node.id)}
        onEdit={() => context.onEdit(node)}
        onRemove={() => context.onRemove(node)}
      />
      {after.type === 'next' && (
        <>
          <Connector />
          <InsertButton context={context} link={after.link} label={t('actions.add', { label })} />
          <Connector />
          <Item item={after.link.item} context={context} />
        </>
      )}
      {after.type === 'branches' && (
        <>
          <Connector />
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(220px, 1fr))', gap: 2, width: '100%' }}>
            {([after.then, after.else] as const).map((link) => {
              const branch = t(`branches.${node.kind}.${link.field}`);
              return (
                <Box
                  key={link.field}
                  role="group"
                  aria-label={branch}
                  sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', borderTop: 2, borderColor: 'divider', pt: 1 }}
                >
                  <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                    {branch}
                  </Typography>
                  <InsertButton context={context} link={link} label={t('actions.addInBranch', { branch })} />
                  <Connector />
                  <Item item={link.item} context={context} />
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}

interface WorkflowGraphProps extends GraphHandlers {
  layout: LayoutItem | null;
  kind: WorkflowDocumentKind;
  data: WorkflowData | undefined;
  labels: ReadonlyMap<string, string>;
  problems: ReadonlyMap<string, Issue[]>;
  path: ReadonlySet<string>;
}

/** The path drawn top-down from its start, a condition's branches side by side (CSS grid, no graph library). */
export function WorkflowGraph({ layout, ...context }: WorkflowGraphProps) {
  if (!layout) return null;
  return (
    <Box sx={{ overflowX: 'auto', py: 1 }}>
      <Box sx={{ minWidth: 'min-content', display: 'flex', justifyContent: 'center' }}>
        <Item item={layout} context={context} />
      </Box>
    </Box>
  );
}
