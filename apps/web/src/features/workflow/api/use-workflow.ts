import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workflowApi, type BodyOf } from '@delego/contract';
import type { WorkflowDocumentKind } from '@delego/domain';
import { call } from '../../../lib/api-client.ts';

const KEY = ['workflow'] as const;

/** Spec §7 `settings/workflow/get-data`: users, cost centres and trip reasons to choose from. */
export function useWorkflowData() {
  return useQuery({ queryKey: [...KEY, 'data'], queryFn: ({ signal }) => call(workflowApi.getData, undefined, { signal }) });
}

export function useWorkflow(kind: WorkflowDocumentKind) {
  return useQuery({
    queryKey: [...KEY, 'path', kind],
    queryFn: ({ signal }) => call(workflowApi.get, { query: { document_kind: kind } }, { signal }),
    staleTime: 0,
  });
}

export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof workflowApi.save>) => call(workflowApi.save, { body }),
    onSuccess: (answer) => client.setQueryData([...KEY, 'path', answer.workflow.document_kind], answer.workflow),
  });
}

export function useResetWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: WorkflowDocumentKind) => call(workflowApi.reset, { body: { document_kind: kind } }),
    onSuccess: (answer) => client.setQueryData([...KEY, 'path', answer.workflow.document_kind], answer.workflow),
  });
}

export function useWorkflowPreview() {
  return useMutation({ mutationFn: (body: BodyOf<typeof workflowApi.preview>) => call(workflowApi.preview, { body }) });
}
