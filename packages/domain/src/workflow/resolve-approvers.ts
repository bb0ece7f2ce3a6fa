import type { Issue } from '../common/errors.ts';
import { dec } from '../common/money.ts';
import { validateWorkflow } from './validate-workflow.ts';
import {
  acceptanceKindOf,
  isAcceptNode,
  type AcceptanceKind,
  type WorkflowAcceptNode,
  type WorkflowDefinition,
  type WorkflowDocumentKind,
  type WorkflowNode,
} from './workflow-model.ts';

/** What the conditions of a workflow look at. */
export interface WorkflowTrip {
  /** The employee the trip is for (not the one who typed it in for them). */
  employee_id: number;
  /** The trip reason (`delegation_tasks.id`). */
  task_id: number | null;
  cost_centre_id: number | null;
  /** Total cost in PLN as a decimal string (an order's estimate, a settlement's total); null when unknown. */
  total_cost: string | null;
}

/** One user as the approval rules see them. */
export interface WorkflowDirectoryUser {
  id: number;
  superior_id: number | null;
  is_active: boolean;
  /** Holds `delegationAcceptSubstantive`. */
  accepts_substantive: boolean;
  /** Holds `delegationAcceptFinancial`. */
  accepts_financial: boolean;
}

export interface WorkflowDirectory {
  users: readonly WorkflowDirectoryUser[];
}

/** Why a user is an acceptor of a step. */
export type AcceptorSource = 'chosen' | 'superior' | 'permission';

/** One acceptance step of a trip's path, in order. */
export interface ApprovalStep {
  node_id: string;
  kind: AcceptanceKind;
  /** Who may decide this step (any one of them suffices), in the order: chosen, superior, holders. */
  acceptors: { user_id: number; source: AcceptorSource }[];
  /**
   * True when nobody the node names could accept (e.g. the employee has no superior, or the chosen
   * people left) and the holders of the step's permission were asked instead.
   */
  fallback: boolean;
}

export interface ResolvedApprovalPath {
  steps: ApprovalStep[];
  /** The ids of the nodes visited, start to end. */
  node_ids: string[];
  /** `workflow.noAcceptor` for a step nobody can decide; the workflow's own problems when it is not valid. */
  issues: Issue[];
}

function takesThenBranch(node: WorkflowNode, trip: WorkflowTrip): boolean {
  switch (node.kind) {
    case 'conditionPurpose':
      return trip.task_id !== null && node.task_ids.includes(trip.task_id);
    case 'conditionCostCentre':
      return trip.cost_centre_id !== null && node.cost_centre_ids.includes(trip.cost_centre_id);
    case 'conditionTotalCost':
      // An unknown total (an order without an estimate) is not above any threshold.
      return trip.total_cost !== null && /^-?\d+(\.\d+)?$/.test(trip.total_cost) && dec(trip.total_cost).greaterThan(dec(node.threshold));
    default:
      return false;
  }
}

function acceptorsOf(node: WorkflowAcceptNode, trip: WorkflowTrip, directory: WorkflowDirectory): Pick<ApprovalStep, 'acceptors' | 'fallback'> {
  const byId = new Map(directory.users.map((user) => [user.id, user]));
  // Nobody accepts their own trip.
  const eligible = (id: number) => id !== trip.employee_id && byId.get(id)?.is_active === true;
  const kind = acceptanceKindOf(node);
  const holders = directory.users
    .filter((user) => eligible(user.id) && (kind === 'substantive' ? user.accepts_substantive : user.accepts_financial))
    .map((user) => user.id)
    .sort((a, b) => a - b);
  const acceptors: ApprovalStep['acceptors'] = [];
  const add = (user_id: number, source: AcceptorSource) => {
    if (eligible(user_id) && !acceptors.some((acceptor) => acceptor.user_id === user_id)) acceptors.push({ user_id, source });
  };
  for (const id of node.acceptor_user_ids) add(id, 'chosen');
  const superiorId = byId.get(trip.employee_id)?.superior_id ?? null;
  if (node.superior && superiorId !== null) add(superiorId, 'superior');
  if (node.any_holder) for (const id of holders) add(id, 'permission');
  if (acceptors.length > 0) return { acceptors, fallback: false };
  return { acceptors: holders.map((user_id) => ({ user_id, source: 'permission' as const })), fallback: true };
}

/**
 * Who approves a trip, step by step: follows the workflow from its start, taking at each condition
 * the branch the trip matches, and resolves every acceptance step's acceptors from the directory.
 * An invalid workflow gives no steps and its validation issues.
 */
export function resolveApprovers(
  workflow: { kind: WorkflowDocumentKind; definition: WorkflowDefinition },
  trip: WorkflowTrip,
  directory: WorkflowDirectory,
): ResolvedApprovalPath {
  const problems = validateWorkflow(workflow.definition, workflow.kind);
  if (problems.length > 0) return { steps: [], node_ids: [], issues: problems };
  const nodes = workflow.definition.nodes;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const steps: ApprovalStep[] = [];
  const issues: Issue[] = [];
  const nodeIds: string[] = [];
  // A valid workflow has no loops, so the walk ends within as many steps as there are nodes.
  let node: WorkflowNode | undefined = nodes.find((candidate) => candidate.kind === 'start');
  while (node && nodeIds.length <= nodes.length) {
    nodeIds.push(node.id);
    if (isAcceptNode(node)) {
      const resolved = acceptorsOf(node, trip, directory);
      if (resolved.acceptors.length === 0) {
        issues.push({ path: ['nodes', nodes.indexOf(node)], code: 'workflow.noAcceptor', params: { node_id: node.id } });
      }
      steps.push({ node_id: node.id, kind: acceptanceKindOf(node), ...resolved });
    }
    let nextId: string | null;
    if (node.kind === 'end') nextId = null;
    else if (node.kind === 'start' || isAcceptNode(node)) nextId = node.next;
    else nextId = takesThenBranch(node, trip) ? node.then : node.else;
    node = nextId === null ? undefined : byId.get(nextId);
  }
  return { steps, node_ids: nodeIds, issues };
}
