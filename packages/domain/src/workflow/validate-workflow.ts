import type { Issue } from '../common/errors.ts';
import { dec } from '../common/money.ts';
import {
  acceptanceKindOf,
  isAcceptNode,
  linksOf,
  type WorkflowDefinition,
  type WorkflowDocumentKind,
  type WorkflowNode,
} from './workflow-model.ts';

/** The ids a workflow may refer to; when given, unknown ones are reported. */
export interface WorkflowReferences {
  userIds?: ReadonlySet<number>;
  taskIds?: ReadonlySet<number>;
  costCentreIds?: ReadonlySet<number>;
}

const THRESHOLD_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

const at = (index: number, field?: string): (string | number)[] => (field ? ['nodes', index, field] : ['nodes', index]);

/**
 * Whether a threshold is a PLN amount above zero with at most two decimals. The condition compares
 * the trip's total cost with it: a total above the threshold takes the `then` branch.
 */
export function isValidThreshold(text: string): boolean {
  return THRESHOLD_PATTERN.test(text) && dec(text).greaterThan(0);
}

/**
 * Checks a workflow graph. Each issue's path is `['nodes', index, field?]` so the editor can show it
 * on its node. The rules:
 * - exactly one start; node ids unique; every link filled and pointing at an existing node;
 * - no loops, no node the start cannot reach; so every path from the start reaches an end;
 * - every condition has both branches and at least one value (or a threshold above zero);
 * - an acceptance step names at least one person, or uses the superior or any permission holder;
 * - orders have substantive steps only, and at least one on every path; settlements have a
 *   substantive and then a financial step on every path, never a substantive step after a financial one.
 */
export function validateWorkflow(definition: WorkflowDefinition, kind: WorkflowDocumentKind, references: WorkflowReferences = {}): Issue[] {
  const issues: Issue[] = [];
  const nodes = definition.nodes;
  const indexById = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (indexById.has(node.id)) issues.push({ path: at(index, 'id'), code: 'workflow.duplicateId', params: { id: node.id } });
    else indexById.set(node.id, index);
  });

  const starts = nodes.flatMap((node, index) => (node.kind === 'start' ? [index] : []));
  if (starts.length !== 1) issues.push({ path: ['nodes'], code: 'workflow.startCount', params: { count: starts.length } });

  let linksComplete = true;
  nodes.forEach((node, index) => {
    for (const { field, target } of linksOf(node)) {
      if (target === null) {
        issues.push({ path: at(index, field), code: 'workflow.missingNext' });
        linksComplete = false;
      } else if (!indexById.has(target)) {
        issues.push({ path: at(index, field), code: 'workflow.unknownNode', params: { id: target } });
        linksComplete = false;
      } else if (nodes[indexById.get(target)!]?.kind === 'start') {
        issues.push({ path: at(index, field), code: 'workflow.loop' });
        linksComplete = false;
      }
    }
    issues.push(...nodeContentIssues(node, index, kind, references));
  });

  const startIndex = starts.length === 1 ? starts[0]! : null;
  if (startIndex === null) return issues;
  const structure = walk(nodes, startIndex, indexById);
  for (const loop of structure.loops) issues.push({ path: at(loop.index, loop.field), code: 'workflow.loop' });
  nodes.forEach((_node, index) => {
    if (!structure.reached.has(index)) issues.push({ path: at(index), code: 'workflow.unreachable' });
  });
  if (linksComplete && structure.loops.length === 0) issues.push(...pathIssues(nodes, startIndex, indexById, kind, structure.order));
  return issues;
}

function nodeContentIssues(node: WorkflowNode, index: number, kind: WorkflowDocumentKind, references: WorkflowReferences): Issue[] {
  const issues: Issue[] = [];
  const unknown = (ids: readonly number[], known: ReadonlySet<number> | undefined, field: string, code: string) => {
    if (!known) return;
    for (const id of ids) if (!known.has(id)) issues.push({ path: at(index, field), code, params: { id } });
  };
  if (isAcceptNode(node)) {
    if (node.acceptor_user_ids.length === 0 && !node.superior && !node.any_holder) {
      issues.push({ path: at(index, 'acceptor_user_ids'), code: 'workflow.acceptorRequired' });
    }
    if (new Set(node.acceptor_user_ids).size !== node.acceptor_user_ids.length) issues.push({ path: at(index, 'acceptor_user_ids'), code: 'workflow.duplicateAcceptor' });
    unknown(node.acceptor_user_ids, references.userIds, 'acceptor_user_ids', 'workflow.unknownUser');
    if (kind === 'delegationOrder' && acceptanceKindOf(node) === 'financial') issues.push({ path: at(index), code: 'workflow.financialNotAllowed' });
  } else if (node.kind === 'conditionPurpose') {
    if (node.task_ids.length === 0) issues.push({ path: at(index, 'task_ids'), code: 'workflow.purposeRequired' });
    unknown(node.task_ids, references.taskIds, 'task_ids', 'workflow.unknownPurpose');
  } else if (node.kind === 'conditionCostCentre') {
    if (node.cost_centre_ids.length === 0) issues.push({ path: at(index, 'cost_centre_ids'), code: 'workflow.costCentreRequired' });
    unknown(node.cost_centre_ids, references.costCentreIds, 'cost_centre_ids', 'workflow.unknownCostCentre');
  } else if (node.kind === 'conditionTotalCost') {
    if (!isValidThreshold(node.threshold)) issues.push({ path: at(index, 'threshold'), code: 'workflow.thresholdInvalid' });
  }
  return issues;
}

/** Depth-first walk from the start: which nodes it reaches, which links close a loop, and a topological order. */
function walk(nodes: readonly WorkflowNode[], startIndex: number, indexById: ReadonlyMap<string, number>) {
  const reached = new Set<number>();
  const onStack = new Set<number>();
  const loops: { index: number; field: string }[] = [];
  const postOrder: number[] = [];
  // Iterative, so a long chain cannot overflow the stack.
  const stack: { index: number; next: number }[] = [{ index: startIndex, next: 0 }];
  reached.add(startIndex);
  onStack.add(startIndex);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const links = linksOf(nodes[frame.index]!);
    if (frame.next >= links.length) {
      stack.pop();
      onStack.delete(frame.index);
      postOrder.push(frame.index);
      continue;
    }
    const link = links[frame.next]!;
    frame.next += 1;
    const target = link.target === null ? undefined : indexById.get(link.target);
    if (target === undefined || nodes[target]?.kind === 'start') continue;
    if (onStack.has(target)) {
      loops.push({ index: frame.index, field: link.field });
      continue;
    }
    if (reached.has(target)) continue;
    reached.add(target);
    onStack.add(target);
    stack.push({ index: target, next: 0 });
  }
  return { reached, loops, order: postOrder.reverse() };
}

/**
 * The rules about what every path holds, computed without listing the paths (a graph whose
 * branches meet again can have very many): for each node, whether some path reaches it without a
 * substantive step yet, without a financial step yet, or after a financial step.
 */
function pathIssues(
  nodes: readonly WorkflowNode[],
  startIndex: number,
  indexById: ReadonlyMap<string, number>,
  kind: WorkflowDocumentKind,
  order: readonly number[],
): Issue[] {
  type State = { withoutSubstantive: boolean; withoutFinancial: boolean; afterFinancial: boolean };
  const states = new Map<number, State>([[startIndex, { withoutSubstantive: true, withoutFinancial: true, afterFinancial: false }]]);
  const issues: Issue[] = [];
  for (const index of order) {
    const node = nodes[index]!;
    const arriving = states.get(index);
    if (!arriving) continue;
    let leaving = arriving;
    if (isAcceptNode(node)) {
      const acceptance = acceptanceKindOf(node);
      if (acceptance === 'substantive' && kind === 'delegation' && arriving.afterFinancial) {
        issues.push({ path: at(index), code: 'workflow.substantiveAfterFinancial' });
      }
      leaving =
        acceptance === 'substantive'
          ? { ...arriving, withoutSubstantive: false }
          : { ...arriving, withoutFinancial: false, afterFinancial: true };
    }
    if (node.kind === 'end') {
      if (arriving.withoutSubstantive) issues.push({ path: at(index), code: 'workflow.pathWithoutAcceptance' });
      if (kind === 'delegation' && arriving.withoutFinancial) issues.push({ path: at(index), code: 'workflow.pathWithoutFinancial' });
    }
    for (const { target } of linksOf(node)) {
      const targetIndex = target === null ? undefined : indexById.get(target);
      if (targetIndex === undefined) continue;
      const current = states.get(targetIndex);
      states.set(
        targetIndex,
        current
          ? {
              withoutSubstantive: current.withoutSubstantive || leaving.withoutSubstantive,
              withoutFinancial: current.withoutFinancial || leaving.withoutFinancial,
              afterFinancial: current.afterFinancial || leaving.afterFinancial,
            }
          : leaving,
      );
    }
  }
  return issues;
}
