import { isConditionNode, type Issue, type WorkflowDefinition, type WorkflowNode } from '@delego/domain';

/** Where a link leads, as the editor draws it. */
export type LayoutItem =
  | { type: 'node'; node: WorkflowNode; after: LayoutAfter }
  /** A node already drawn on another branch (branches that meet again, or a loop). */
  | { type: 'ref'; nodeId: string }
  /** A link that leads nowhere yet. */
  | { type: 'missing' };

export interface LayoutLink {
  parentId: string;
  field: 'next' | 'then' | 'else';
  item: LayoutItem;
}

export type LayoutAfter = { type: 'none' } | { type: 'next'; link: LayoutLink } | { type: 'branches'; then: LayoutLink; else: LayoutLink };

/**
 * The graph as a tree from the start, top-down, with a condition's branches side by side. Every node
 * is drawn once; a second link to it becomes a reference, so merged branches and loops stay finite.
 */
export function buildLayout(definition: WorkflowDefinition): LayoutItem | null {
  const byId = new Map(definition.nodes.map((node) => [node.id, node]));
  const drawn = new Set<string>();
  const itemFor = (id: string | null): LayoutItem => {
    if (id === null || !byId.has(id)) return { type: 'missing' };
    if (drawn.has(id)) return { type: 'ref', nodeId: id };
    drawn.add(id);
    const node = byId.get(id)!;
    if (node.kind === 'end') return { type: 'node', node, after: { type: 'none' } };
    if (isConditionNode(node)) {
      return {
        type: 'node',
        node,
        after: {
          type: 'branches',
          then: { parentId: node.id, field: 'then', item: itemFor(node.then) },
          else: { parentId: node.id, field: 'else', item: itemFor(node.else) },
        },
      };
    }
    return { type: 'node', node, after: { type: 'next', link: { parentId: node.id, field: 'next', item: itemFor(node.next) } } };
  };
  const start = definition.nodes.find((node) => node.kind === 'start');
  return start ? itemFor(start.id) : null;
}

/** The problems of each node (by id), and those of the path as a whole. */
export function problemsByNode(definition: WorkflowDefinition, issues: readonly Issue[]): { byNode: Map<string, Issue[]>; general: Issue[] } {
  const byNode = new Map<string, Issue[]>();
  const general: Issue[] = [];
  for (const issue of issues) {
    // Server issues carry the body path (`definition`, `nodes`, index, …); the editor's own start at `nodes`.
    const path = issue.path[0] === 'definition' ? issue.path.slice(1) : issue.path;
    const index = path[0] === 'nodes' && typeof path[1] === 'number' ? path[1] : null;
    const node = index === null ? undefined : definition.nodes[index];
    if (node) byNode.set(node.id, [...(byNode.get(node.id) ?? []), issue]);
    else general.push(issue);
  }
  return { byNode, general };
}
