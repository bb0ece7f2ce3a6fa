import {
  isConditionNode,
  linksOf,
  type WorkflowDefinition,
  type WorkflowDocumentKind,
  type WorkflowNode,
  type WorkflowNodeKind,
} from '@delego/domain';

/** The node kinds an administrator may add, per document kind (orders have no financial step). */
export function insertableKinds(kind: WorkflowDocumentKind): WorkflowNodeKind[] {
  return [
    'acceptSubstantive',
    ...(kind === 'delegation' ? (['acceptFinancial'] as const) : []),
    'conditionPurpose',
    'conditionCostCentre',
    'conditionTotalCost',
  ];
}

/** An id not used by any node yet, e.g. `accept-3`. */
export function freshNodeId(definition: WorkflowDefinition, prefix: string): string {
  const used = new Set(definition.nodes.map((node) => node.id));
  for (let index = 1; ; index += 1) {
    const id = `${prefix}-${index}`;
    if (!used.has(id)) return id;
  }
}

function blankNode(id: string, kind: WorkflowNodeKind, continuation: string): WorkflowNode {
  switch (kind) {
    case 'acceptSubstantive':
    case 'acceptFinancial':
      return { id, kind, acceptor_user_ids: [], superior: false, any_holder: false, next: continuation };
    case 'conditionPurpose':
      return { id, kind, task_ids: [], then: continuation, else: continuation };
    case 'conditionCostCentre':
      return { id, kind, cost_centre_ids: [], then: continuation, else: continuation };
    case 'conditionTotalCost':
      return { id, kind, threshold: '', then: continuation, else: continuation };
    case 'start':
      return { id, kind, next: continuation };
    case 'end':
      return { id, kind };
  }
}

function withLink(node: WorkflowNode, field: 'next' | 'then' | 'else', target: string | null): WorkflowNode {
  if (node.kind === 'end') return node;
  if (isConditionNode(node)) return field === 'then' ? { ...node, then: target } : field === 'else' ? { ...node, else: target } : node;
  return field === 'next' ? { ...node, next: target } : node;
}

/** Drops every node the start no longer reaches (e.g. the branch of a removed condition). */
function withoutUnreachable(definition: WorkflowDefinition): WorkflowDefinition {
  const byId = new Map(definition.nodes.map((node) => [node.id, node]));
  const reached = new Set<string>();
  const queue = definition.nodes.filter((node) => node.kind === 'start').map((node) => node.id);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const node = byId.get(id);
    if (node) for (const { target } of linksOf(node)) if (target !== null) queue.push(target);
  }
  return { nodes: definition.nodes.filter((node) => reached.has(node.id)) };
}

/**
 * Inserts a new step on the link `field` of `parentId`: the step continues where the link led. A new
 * condition sends its `then` branch there and gets a fresh end on its `else` branch, which the
 * administrator then fills.
 */
export function insertNode(
  definition: WorkflowDefinition,
  parentId: string,
  field: 'next' | 'then' | 'else',
  kind: WorkflowNodeKind,
): { definition: WorkflowDefinition; id: string } {
  const parent = definition.nodes.find((node) => node.id === parentId);
  if (!parent) return { definition, id: parentId };
  const oldTarget = linksOf(parent).find((link) => link.field === field)?.target ?? null;
  const id = freshNodeId(definition, kind.startsWith('accept') ? 'accept' : 'condition');
  const nodes = definition.nodes.map((node) => (node.id === parentId ? withLink(node, field, id) : node));
  const extra: WorkflowNode[] = [];
  let continuation = oldTarget;
  if (continuation === null) {
    continuation = freshNodeId({ nodes: [...nodes, { id, kind: 'end' }] }, 'end');
    extra.push({ id: continuation, kind: 'end' });
  }
  let inserted = blankNode(id, kind, continuation);
  if (isConditionNode(inserted)) {
    const elseEnd = freshNodeId({ nodes: [...nodes, ...extra, inserted] }, 'end');
    inserted = { ...inserted, else: elseEnd };
    extra.push({ id: elseEnd, kind: 'end' });
  }
  return { definition: { nodes: [...nodes, inserted, ...extra] }, id };
}

/**
 * Removes a step: links that led to it lead to where it continued (a condition keeps its `then`
 * branch; the `else` branch goes with it). The start and the ends stay.
 */
export function removeNode(definition: WorkflowDefinition, nodeId: string): WorkflowDefinition {
  const node = definition.nodes.find((candidate) => candidate.id === nodeId);
  if (!node || node.kind === 'start' || node.kind === 'end') return definition;
  const continuation = isConditionNode(node) ? node.then : node.next;
  const nodes = definition.nodes
    .filter((candidate) => candidate.id !== nodeId)
    .map((candidate) => linksOf(candidate).reduce((current, link) => (link.target === nodeId ? withLink(current, link.field, continuation) : current), candidate));
  return withoutUnreachable({ nodes });
}

/** Replaces a node by its edited version (same id). */
export function replaceNode(definition: WorkflowDefinition, edited: WorkflowNode): WorkflowDefinition {
  return { nodes: definition.nodes.map((node) => (node.id === edited.id ? edited : node)) };
}
