import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  isConditionNode,
  validateWorkflow,
  WORKFLOW_DOCUMENT_KINDS,
  type Issue,
  type WorkflowDefinition,
  type WorkflowDocumentKind,
  type WorkflowNode,
} from '@delego/domain';
import type { ResponseOf, WorkflowData, WorkflowDto, workflowApi } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useResetWorkflow, useSaveWorkflow, useWorkflow, useWorkflowData } from './api/use-workflow.ts';
import { ApprovalPreview } from './approval-preview.tsx';
import { NodeEditorDialog } from './node-editor-dialog.tsx';
import { WorkflowGraph } from './workflow-graph.tsx';
import { insertNode, removeNode, replaceNode } from './workflow-edit.ts';
import { buildLayout, problemsByNode } from './workflow-layout.ts';

type PreviewResult = ResponseOf<typeof workflowApi.preview>;

/** Names every node by its kind, numbered when a kind appears more than once ("Akceptacja merytoryczna 2"). */
function useNodeLabels(definition: WorkflowDefinition): Map<string, string> {
  const { t } = useTranslation('workflow');
  return useMemo(() => {
    const totals = new Map<string, number>();
    for (const node of definition.nodes) totals.set(node.kind, (totals.get(node.kind) ?? 0) + 1);
    const seen = new Map<string, number>();
    const labels = new Map<string, string>();
    for (const node of definition.nodes) {
      const position = (seen.get(node.kind) ?? 0) + 1;
      seen.set(node.kind, position);
      const base = t(`kinds.${node.kind}`);
      labels.set(node.id, (totals.get(node.kind) ?? 0) > 1 ? `${base} ${position}` : base);
    }
    return labels;
  }, [definition, t]);
}

interface WorkflowEditorProps {
  kind: WorkflowDocumentKind;
  loaded: WorkflowDto;
  data: WorkflowData | undefined;
  onDirtyChange: (dirty: boolean) => void;
  /** Loads the server's current path (after someone else saved it meanwhile). */
  onReload: () => void;
}

function WorkflowEditor({ kind, loaded, data, onDirtyChange, onReload }: WorkflowEditorProps) {
  const { t } = useTranslation('workflow');
  const { t: tc } = useTranslation('common');
  const save = useSaveWorkflow();
  const reset = useResetWorkflow();
  const [definition, setDefinition] = useState<WorkflowDefinition>(loaded.definition);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [conflict, setConflict] = useState(false);
  const [editing, setEditing] = useState<WorkflowNode | null>(null);
  const [removing, setRemoving] = useState<WorkflowNode | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const labels = useNodeLabels(definition);
  const isDirty = JSON.stringify(definition) !== JSON.stringify(loaded.definition);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const localIssues = useMemo(() => validateWorkflow(definition, kind), [definition, kind]);
  const problems = useMemo(() => problemsByNode(definition, [...localIssues, ...serverIssues]), [definition, localIssues, serverIssues]);
  const problemCount = localIssues.length + serverIssues.length;
  const layout = useMemo(() => buildLayout(definition), [definition]);
  const path = useMemo(() => new Set(preview?.node_ids ?? []), [preview]);

  const change = (next: WorkflowDefinition) => {
    setDefinition(next);
    // Server issues point at node indexes of the graph that was sent; after a change they may not fit.
    setServerIssues([]);
    setPreview(null);
  };

  const onSave = () =>
    save.mutate(
      { document_kind: kind, definition, version: loaded.version },
      {
        onSuccess: () => enqueueSnackbar(t('saved')),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === ErrorCode.conflict) setConflict(true);
          else setServerIssues(error.issues);
        },
      },
    );

  const removal = removing && isConditionNode(removing) ? removing : null;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {loaded.is_default ? t('defaultPath') : t('savedPath', { version: loaded.version })}
        </Typography>
        {isDirty && <Chip color="warning" size="small" label={t('unsavedChanges')} />}
        <Button onClick={() => change(loaded.definition)} disabled={!isDirty}>
          {t('actions.revert')}
        </Button>
        <Button onClick={() => setConfirmReset(true)} disabled={loaded.is_default}>
          {t('actions.reset')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={problemCount > 0 || !isDirty} loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Stack>
      {conflict && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onReload}>
              {t('actions.reload')}
            </Button>
          }
        >
          {translateIssueCode('workflow.versionConflict')}
        </Alert>
      )}
      {problemCount > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{t('problemsTitle')}</AlertTitle>
          {t('problemCount', { count: problemCount })}
          {problems.general.map((issue) => (
            <div key={`${issue.code}-${issue.path.join('.')}`}>{translateIssueCode(issue.code, issue.params)}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <WorkflowGraph
            layout={layout}
            kind={kind}
            data={data}
            labels={labels}
            problems={problems.byNode}
            path={path}
            onInsert={(parentId, field, nodeKind) => {
              const inserted = insertNode(definition, parentId, field, nodeKind);
              change(inserted.definition);
              setEditing(inserted.definition.nodes.find((node) => node.id === inserted.id) ?? null);
            }}
            onEdit={setEditing}
            onRemove={setRemoving}
          />
        </Paper>
        <ApprovalPreview kind={kind} definition={definition} data={data} hasProblems={localIssues.length > 0} result={preview} onResult={setPreview} />
      </Box>
      {editing && (
        <NodeEditorDialog
          node={editing}
          label={labels.get(editing.id) ?? editing.id}
          kind={kind}
          data={data}
          onClose={() => setEditing(null)}
          onApply={(node) => {
            change(replaceNode(definition, node));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('confirm.removeTitle')}
        message={
          removal
            ? t('confirm.removeConditionMessage', {
                label: labels.get(removal.id) ?? '',
                branch: t(`branches.${removal.kind}.else`),
                kept: t(`branches.${removal.kind}.then`),
              })
            : t('confirm.removeMessage', { label: removing ? (labels.get(removing.id) ?? '') : '' })
        }
        confirmLabel={tc('actions.delete')}
        destructive
        onConfirm={() => {
          if (removing) change(removeNode(definition, removing.id));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={confirmReset}
        title={t('confirm.resetTitle')}
        message={t('confirm.resetMessage')}
        confirmLabel={t('actions.reset')}
        destructive
        isPending={reset.isPending}
        onConfirm={() =>
          reset.mutate(kind, {
            onSuccess: () => enqueueSnackbar(t('resetDone')),
            onSettled: () => setConfirmReset(false),
          })
        }
        onClose={() => setConfirmReset(false)}
      />
    </>
  );
}

/** `/settings/workflow`: the visual editor of the company's approval paths, with the "who would approve" check. */
export function WorkflowPage() {
  const { t } = useTranslation('workflow');
  const { t: tr } = useTranslation('routes');
  const [kind, setKind] = useState<WorkflowDocumentKind>('delegationOrder');
  const [pendingKind, setPendingKind] = useState<WorkflowDocumentKind | null>(null);
  const [isDirty, setDirty] = useState(false);
  const data = useWorkflowData();
  const workflow = useWorkflow(kind);

  const chooseKind = (next: WorkflowDocumentKind | null) => {
    if (!next || next === kind) return;
    if (isDirty) setPendingKind(next);
    else setKind(next);
  };

  return (
    <>
      <SettingsNavigation />
      <PageHeader title={tr('settings.workflow')} description={t('description')} />
      <ToggleButtonGroup exclusive color="primary" value={kind} onChange={(_event, next: WorkflowDocumentKind | null) => chooseKind(next)} aria-label={t('documentKind')} sx={{ mb: 2 }}>
        {WORKFLOW_DOCUMENT_KINDS.map((documentKind) => (
          <ToggleButton key={documentKind} value={documentKind}>
            {t(`documentKinds.${documentKind}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {workflow.isError || data.isError ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : workflow.data && data.data ? (
        <WorkflowEditor
          // A new version or another kind starts the editor afresh from what the server holds.
          key={`${kind}-${workflow.data.version}-${workflow.data.is_default}`}
          kind={kind}
          loaded={workflow.data}
          data={data.data}
          onDirtyChange={setDirty}
          onReload={() => void workflow.refetch()}
        />
      ) : (
        <PageSpinner />
      )}
      <ConfirmDialog
        open={pendingKind !== null}
        title={t('confirm.discardTitle')}
        message={t('confirm.discardMessage')}
        confirmLabel={t('confirm.discard')}
        destructive
        onConfirm={() => {
          if (pendingKind) setKind(pendingKind);
          setDirty(false);
          setPendingKind(null);
        }}
        onClose={() => setPendingKind(null)}
      />
    </>
  );
}
