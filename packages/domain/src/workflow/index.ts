/** Approval paths: the graph model, its validation and who approves a trip. See docs/domain/workflow.md. */
export * from './workflow-model.ts';
export * from './validate-workflow.ts';
export * from './resolve-approvers.ts';
