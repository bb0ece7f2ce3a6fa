import { describe, expect, it } from 'vitest';
import { resolveApprovers, type WorkflowDirectoryUser, type WorkflowTrip } from './resolve-approvers.ts';
import { validateWorkflow } from './validate-workflow.ts';
import { defaultWorkflow, workflowDefinitionSchema, type WorkflowAcceptNode, type WorkflowDefinition, type WorkflowNode } from './workflow-model.ts';

const accept = (id: string, next: string | null, extra: Partial<WorkflowAcceptNode> = {}): WorkflowNode => ({
  id,
  kind: 'acceptSubstantive',
  acceptor_user_ids: [],
  superior: true,
  any_holder: false,
  next,
  ...extra,
});
const financial = (id: string, next: string | null, acceptor_user_ids: number[] = [], any_holder = true): WorkflowNode => ({
  id,
  kind: 'acceptFinancial',
  acceptor_user_ids,
  superior: false,
  any_holder,
  next,
});
const end = (id = 'end'): WorkflowNode => ({ id, kind: 'end' });
const start = (next: string | null): WorkflowNode => ({ id: 'start', kind: 'start', next });
const codesOf = (definition: WorkflowDefinition, kind: 'delegation' | 'delegationOrder' = 'delegationOrder') =>
  validateWorkflow(definition, kind).map((issue) => `${issue.path.join('.')}:${issue.code}`);

/**
 * start → cost > 5000 ? (board: user 7) : (superior) → [purpose 3 ? finance 8 : any financial holder] → end
 */
const settlementFlow: WorkflowDefinition = {
  nodes: [
    start('cost'),
    { id: 'cost', kind: 'conditionTotalCost', threshold: '5000', then: 'board', else: 'boss' },
    accept('board', 'purpose', { acceptor_user_ids: [7], superior: false }),
    accept('boss', 'purpose'),
    { id: 'purpose', kind: 'conditionPurpose', task_ids: [3], then: 'fin-chosen', else: 'fin-any' },
    financial('fin-chosen', 'end', [8], false),
    financial('fin-any', 'end'),
    end(),
  ],
};

const users: WorkflowDirectoryUser[] = [
  { id: 1, superior_id: 2, is_active: true, accepts_substantive: false, accepts_financial: false },
  { id: 2, superior_id: 7, is_active: true, accepts_substantive: true, accepts_financial: false },
  { id: 7, superior_id: null, is_active: true, accepts_substantive: true, accepts_financial: false },
  { id: 8, superior_id: 7, is_active: true, accepts_substantive: false, accepts_financial: true },
  { id: 9, superior_id: 7, is_active: true, accepts_substantive: false, accepts_financial: true },
  { id: 10, superior_id: 7, is_active: false, accepts_substantive: true, accepts_financial: true },
];
const trip = (overrides: Partial<WorkflowTrip> = {}): WorkflowTrip => ({ employee_id: 1, task_id: null, cost_centre_id: null, total_cost: '100.00', ...overrides });

describe('workflow validation', () => {
  it('accepts the default paths and a branched settlement path', () => {
    expect(codesOf(defaultWorkflow('delegationOrder', { superiorIsAcceptor: true }))).toEqual([]);
    expect(codesOf(defaultWorkflow('delegation', { superiorIsAcceptor: false }), 'delegation')).toEqual([]);
    expect(codesOf(settlementFlow, 'delegation')).toEqual([]);
  });

  it('needs exactly one start', () => {
    expect(codesOf({ nodes: [end()] })).toEqual(['nodes:workflow.startCount']);
    expect(codesOf({ nodes: [start('a'), { id: 's2', kind: 'start', next: 'a' }, accept('a', 'end'), end()] })).toContain('nodes:workflow.startCount');
  });

  it('needs every link filled and pointing at a node', () => {
    expect(codesOf({ nodes: [start('a'), accept('a', null), end()] })).toEqual(['nodes.1.next:workflow.missingNext', 'nodes.2:workflow.unreachable']);
    expect(codesOf({ nodes: [start('a'), accept('a', 'nowhere')] })).toEqual(['nodes.1.next:workflow.unknownNode']);
  });

  it('needs both branches of a condition', () => {
    const definition: WorkflowDefinition = {
      nodes: [start('c'), { id: 'c', kind: 'conditionCostCentre', cost_centre_ids: [1], then: 'a', else: null }, accept('a', 'end'), end()],
    };
    expect(codesOf(definition)).toEqual(['nodes.1.else:workflow.missingNext']);
  });

  it('refuses loops, including a link back to the start', () => {
    expect(codesOf({ nodes: [start('a'), accept('a', 'b'), accept('b', 'a'), end()] })).toEqual(['nodes.2.next:workflow.loop', 'nodes.3:workflow.unreachable']);
    expect(codesOf({ nodes: [start('a'), accept('a', 'start')] })).toEqual(['nodes.1.next:workflow.loop']);
  });

  it('reports nodes the start cannot reach and duplicate ids', () => {
    expect(codesOf({ nodes: [start('a'), accept('a', 'end'), accept('lost', 'end'), end()] })).toEqual(['nodes.2:workflow.unreachable']);
    expect(codesOf({ nodes: [start('a'), accept('a', 'end'), end('a'), end()] })).toContain('nodes.2.id:workflow.duplicateId');
  });

  it('needs an acceptor on every acceptance step', () => {
    const definition = { nodes: [start('a'), accept('a', 'end', { superior: false }), end()] };
    expect(codesOf(definition)).toEqual(['nodes.1.acceptor_user_ids:workflow.acceptorRequired']);
    expect(codesOf({ nodes: [start('a'), accept('a', 'end', { superior: false, acceptor_user_ids: [4, 4] }), end()] })).toEqual([
      'nodes.1.acceptor_user_ids:workflow.duplicateAcceptor',
    ]);
  });

  it('needs values on conditions and a positive threshold', () => {
    const definition: WorkflowDefinition = {
      nodes: [
        start('p'),
        { id: 'p', kind: 'conditionPurpose', task_ids: [], then: 'c', else: 'c' },
        { id: 'c', kind: 'conditionCostCentre', cost_centre_ids: [], then: 't', else: 't' },
        { id: 't', kind: 'conditionTotalCost', threshold: '0', then: 'a', else: 'a' },
        accept('a', 'end'),
        end(),
      ],
    };
    expect(codesOf(definition)).toEqual([
      'nodes.1.task_ids:workflow.purposeRequired',
      'nodes.2.cost_centre_ids:workflow.costCentreRequired',
      'nodes.3.threshold:workflow.thresholdInvalid',
    ]);
    const decimals: WorkflowDefinition = { nodes: definition.nodes.map((node) => (node.kind === 'conditionTotalCost' ? { ...node, threshold: '10.123' } : node)) };
    expect(codesOf(decimals)).toContain('nodes.3.threshold:workflow.thresholdInvalid');
  });

  it('reports unknown people, purposes and cost centres when the references are given', () => {
    const definition: WorkflowDefinition = {
      nodes: [
        start('p'),
        { id: 'p', kind: 'conditionPurpose', task_ids: [1, 2], then: 'c', else: 'c' },
        { id: 'c', kind: 'conditionCostCentre', cost_centre_ids: [5], then: 'a', else: 'a' },
        accept('a', 'end', { acceptor_user_ids: [7, 99] }),
        end(),
      ],
    };
    const issues = validateWorkflow(definition, 'delegationOrder', { userIds: new Set([7]), taskIds: new Set([1]), costCentreIds: new Set() });
    expect(issues).toEqual([
      { path: ['nodes', 1, 'task_ids'], code: 'workflow.unknownPurpose', params: { id: 2 } },
      { path: ['nodes', 2, 'cost_centre_ids'], code: 'workflow.unknownCostCentre', params: { id: 5 } },
      { path: ['nodes', 3, 'acceptor_user_ids'], code: 'workflow.unknownUser', params: { id: 99 } },
    ]);
  });

  it('keeps financial steps out of orders and needs a substantive step on every order path', () => {
    expect(codesOf({ nodes: [start('f'), financial('f', 'end'), end()] })).toEqual(['nodes.1:workflow.financialNotAllowed', 'nodes.2:workflow.pathWithoutAcceptance']);
    const branch: WorkflowDefinition = {
      nodes: [start('c'), { id: 'c', kind: 'conditionPurpose', task_ids: [1], then: 'a', else: 'quick' }, accept('a', 'end'), end(), end('quick')],
    };
    expect(codesOf(branch)).toEqual(['nodes.4:workflow.pathWithoutAcceptance']);
  });

  it('needs substantive then financial acceptance on every settlement path', () => {
    expect(codesOf({ nodes: [start('a'), accept('a', 'end'), end()] }, 'delegation')).toEqual(['nodes.2:workflow.pathWithoutFinancial']);
    expect(codesOf({ nodes: [start('f'), financial('f', 'a'), accept('a', 'end'), end()] }, 'delegation')).toEqual(['nodes.2:workflow.substantiveAfterFinancial']);
    expect(codesOf({ nodes: [start('f'), financial('f', 'end'), end()] }, 'delegation')).toEqual(['nodes.2:workflow.pathWithoutAcceptance']);
  });

  it('checks paths through branches that meet again', () => {
    const merged: WorkflowDefinition = {
      nodes: [start('c'), { id: 'c', kind: 'conditionPurpose', task_ids: [1], then: 'f', else: 'a' }, accept('a', 'f'), financial('f', 'end'), end()],
    };
    expect(codesOf(merged, 'delegation')).toEqual(['nodes.4:workflow.pathWithoutAcceptance']);
  });

  it('parses stored definitions strictly', () => {
    expect(workflowDefinitionSchema.safeParse(settlementFlow).success).toBe(true);
    expect(workflowDefinitionSchema.safeParse({ nodes: [{ id: 'x', kind: 'end', extra: 1 }] }).success).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ nodes: [{ id: 'bad id!', kind: 'end' }] }).success).toBe(false);
  });
});

describe('resolveApprovers', () => {
  const resolve = (overrides: Partial<WorkflowTrip>) => resolveApprovers({ kind: 'delegation', definition: settlementFlow }, trip(overrides), { users });

  it('follows the branches the trip matches and names the acceptors of each step', () => {
    const cheap = resolve({ total_cost: '5000.00', task_id: 3 });
    expect(cheap.node_ids).toEqual(['start', 'cost', 'boss', 'purpose', 'fin-chosen', 'end']);
    expect(cheap.steps).toEqual([
      { node_id: 'boss', kind: 'substantive', acceptors: [{ user_id: 2, source: 'superior' }], fallback: false },
      { node_id: 'fin-chosen', kind: 'financial', acceptors: [{ user_id: 8, source: 'chosen' }], fallback: false },
    ]);
    expect(cheap.issues).toEqual([]);

    const expensive = resolve({ total_cost: '5000.01', task_id: 4 });
    expect(expensive.steps.map((step) => [step.node_id, step.acceptors.map((acceptor) => acceptor.user_id)])).toEqual([
      ['board', [7]],
      ['fin-any', [8, 9]],
    ]);
  });

  it('treats an unknown total as not above the threshold', () => {
    expect(resolve({ total_cost: null }).node_ids).toContain('boss');
  });

  it('branches on the cost centre', () => {
    const definition: WorkflowDefinition = {
      nodes: [
        start('c'),
        { id: 'c', kind: 'conditionCostCentre', cost_centre_ids: [12], then: 'it', else: 'boss' },
        accept('it', 'end', { acceptor_user_ids: [7], superior: false }),
        accept('boss', 'end'),
        end(),
      ],
    };
    const path = (cost_centre_id: number | null) =>
      resolveApprovers({ kind: 'delegationOrder', definition }, trip({ cost_centre_id }), { users }).steps[0]?.acceptors[0]?.user_id;
    expect(path(12)).toBe(7);
    expect(path(13)).toBe(2);
    expect(path(null)).toBe(2);
  });

  it('never asks the employee to accept their own trip and skips inactive users', () => {
    const definition = { nodes: [start('a'), accept('a', 'end', { acceptor_user_ids: [2, 10], superior: true }), end()] };
    const result = resolveApprovers({ kind: 'delegationOrder', definition }, trip({ employee_id: 2 }), { users });
    // User 2 is the employee; 10 is inactive; 7 is 2's superior.
    expect(result.steps[0]?.acceptors).toEqual([{ user_id: 7, source: 'superior' }]);
  });

  it('falls back to the permission holders when nobody the node names can accept', () => {
    const definition = defaultWorkflow('delegationOrder', { superiorIsAcceptor: true });
    const result = resolveApprovers({ kind: 'delegationOrder', definition }, trip({ employee_id: 7 }), { users });
    expect(result.steps[0]).toEqual({ node_id: 'substantive', kind: 'substantive', acceptors: [{ user_id: 2, source: 'permission' }], fallback: true });
  });

  it('reports a step nobody can accept', () => {
    const lonely = [{ id: 1, superior_id: null, is_active: true, accepts_substantive: true, accepts_financial: false }];
    const result = resolveApprovers({ kind: 'delegationOrder', definition: defaultWorkflow('delegationOrder', { superiorIsAcceptor: false }) }, trip(), { users: lonely });
    expect(result.steps[0]?.acceptors).toEqual([]);
    expect(result.issues).toEqual([{ path: ['nodes', 1], code: 'workflow.noAcceptor', params: { node_id: 'substantive' } }]);
  });

  it('uses any holder of the permission in the default settlement path', () => {
    const result = resolveApprovers({ kind: 'delegation', definition: defaultWorkflow('delegation', { superiorIsAcceptor: false }) }, trip(), { users });
    expect(result.steps.map((step) => [step.kind, step.acceptors.map((acceptor) => acceptor.user_id)])).toEqual([
      ['substantive', [2, 7]],
      ['financial', [8, 9]],
    ]);
  });

  it('gives no steps for an invalid workflow', () => {
    const result = resolveApprovers({ kind: 'delegationOrder', definition: { nodes: [start('a'), accept('a', 'a')] } }, trip(), { users });
    expect(result.steps).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('workflow.loop');
  });
});
