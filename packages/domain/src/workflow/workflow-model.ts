import { z } from 'zod';

/**
 * A company's approval path for one kind of document (spec §3 "Workflow node kinds", §4 "two kinds
 * of acceptance"): a graph of nodes from one `start` to `end` nodes. Acceptance steps are
 * substantive (merytoryczna) or financial (finansowa); conditions branch on the trip's purpose,
 * cost centre or total cost. The graph is stored as JSON in `workflows.definition`.
 */

/** The documents that have an approval path: trip orders and settlements. */
export const WORKFLOW_DOCUMENT_KINDS = ['delegationOrder', 'delegation'] as const;
export type WorkflowDocumentKind = (typeof WORKFLOW_DOCUMENT_KINDS)[number];

export const WORKFLOW_NODE_KINDS = [
  'start',
  'acceptSubstantive',
  'acceptFinancial',
  'conditionPurpose',
  'conditionCostCentre',
  'conditionTotalCost',
  'end',
] as const;
export type WorkflowNodeKind = (typeof WORKFLOW_NODE_KINDS)[number];

/** The acceptance kinds and the permission whose holders may be asked for each. */
export const ACCEPTANCE_KINDS = ['substantive', 'financial'] as const;
export type AcceptanceKind = (typeof ACCEPTANCE_KINDS)[number];
export const ACCEPTANCE_PERMISSION = { substantive: 'delegationAcceptSubstantive', financial: 'delegationAcceptFinancial' } as const;

export const WORKFLOW_MAX_NODES = 100;
export const WORKFLOW_MAX_ACCEPTORS = 50;
/** How many condition values (purposes, cost centres) one condition may list. */
export const WORKFLOW_MAX_CONDITION_VALUES = 200;

const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'workflow.nodeId');
const link = nodeId.nullable();
const ids = (max: number) => z.array(z.number().int().positive()).max(max);

export const workflowStartNodeSchema = z.strictObject({ id: nodeId, kind: z.literal('start'), next: link });
export const workflowAcceptNodeSchema = z.strictObject({
  id: nodeId,
  kind: z.enum(['acceptSubstantive', 'acceptFinancial']),
  /** People chosen by name. */
  acceptor_user_ids: ids(WORKFLOW_MAX_ACCEPTORS),
  /** The employee's superior accepts (spec §4: "the employee's supervisor is the acceptor"). */
  superior: z.boolean(),
  /** Any user holding the acceptance permission of this step may accept. */
  any_holder: z.boolean(),
  next: link,
});
export const workflowPurposeNodeSchema = z.strictObject({
  id: nodeId,
  kind: z.literal('conditionPurpose'),
  /** Trip reasons (`delegation_tasks`) that take the `then` branch. */
  task_ids: ids(WORKFLOW_MAX_CONDITION_VALUES),
  then: link,
  else: link,
});
export const workflowCostCentreNodeSchema = z.strictObject({
  id: nodeId,
  kind: z.literal('conditionCostCentre'),
  cost_centre_ids: ids(WORKFLOW_MAX_CONDITION_VALUES),
  then: link,
  else: link,
});
export const workflowTotalCostNodeSchema = z.strictObject({
  id: nodeId,
  kind: z.literal('conditionTotalCost'),
  /** PLN; a trip whose total cost is above it takes the `then` branch. */
  threshold: z.string().max(20),
  then: link,
  else: link,
});
export const workflowEndNodeSchema = z.strictObject({ id: nodeId, kind: z.literal('end') });

export const workflowNodeSchema = z.discriminatedUnion('kind', [
  workflowStartNodeSchema,
  workflowAcceptNodeSchema,
  workflowPurposeNodeSchema,
  workflowCostCentreNodeSchema,
  workflowTotalCostNodeSchema,
  workflowEndNodeSchema,
]);
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type WorkflowStartNode = z.infer<typeof workflowStartNodeSchema>;
export type WorkflowAcceptNode = z.infer<typeof workflowAcceptNodeSchema>;
export type WorkflowConditionNode =
  | z.infer<typeof workflowPurposeNodeSchema>
  | z.infer<typeof workflowCostCentreNodeSchema>
  | z.infer<typeof workflowTotalCostNodeSchema>;

export const workflowDefinitionSchema = z.strictObject({
  nodes: z.array(workflowNodeSchema).min(1).max(WORKFLOW_MAX_NODES),
});
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;

export function isAcceptNode(node: WorkflowNode): node is WorkflowAcceptNode {
  return node.kind === 'acceptSubstantive' || node.kind === 'acceptFinancial';
}

export function isConditionNode(node: WorkflowNode): node is WorkflowConditionNode {
  return node.kind === 'conditionPurpose' || node.kind === 'conditionCostCentre' || node.kind === 'conditionTotalCost';
}

export function acceptanceKindOf(node: WorkflowAcceptNode): AcceptanceKind {
  return node.kind === 'acceptSubstantive' ? 'substantive' : 'financial';
}

/** The outgoing links of a node, with the field that holds each. */
export function linksOf(node: WorkflowNode): { field: 'next' | 'then' | 'else'; target: string | null }[] {
  if (node.kind === 'end') return [];
  if (isConditionNode(node)) {
    return [
      { field: 'then', target: node.then },
      { field: 'else', target: node.else },
    ];
  }
  return [{ field: 'next', target: node.next }];
}

/**
 * The path a company gets until it saves its own (documented in docs/domain/workflow.md):
 * orders need one substantive acceptance — by the employee's superior when the company setting
 * `superior_is_acceptor` is on, otherwise by any holder of `delegationAcceptSubstantive`;
 * settlements then also need a financial acceptance by any holder of `delegationAcceptFinancial`.
 */
export function defaultWorkflow(kind: WorkflowDocumentKind, options: { superiorIsAcceptor: boolean }): WorkflowDefinition {
  const substantive: WorkflowAcceptNode = {
    id: 'substantive',
    kind: 'acceptSubstantive',
    acceptor_user_ids: [],
    superior: options.superiorIsAcceptor,
    any_holder: !options.superiorIsAcceptor,
    next: kind === 'delegation' ? 'financial' : 'end',
  };
  const nodes: WorkflowNode[] = [{ id: 'start', kind: 'start', next: 'substantive' }, substantive];
  if (kind === 'delegation') {
    nodes.push({ id: 'financial', kind: 'acceptFinancial', acceptor_user_ids: [], superior: false, any_holder: true, next: 'end' });
  }
  nodes.push({ id: 'end', kind: 'end' });
  return { nodes };
}
