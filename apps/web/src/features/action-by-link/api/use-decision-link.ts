import { useMutation, useQuery } from '@tanstack/react-query';
import { actionByLinkDecisionApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** Reads what the decision link can do; opening it changes nothing on the server (mail scanners open links). */
export function useDecisionLink(token: string) {
  return useQuery({
    queryKey: ['action-by-link', 'decision', token],
    queryFn: ({ signal }) => call(actionByLinkDecisionApi.peek, { params: { token } }, { signal, notifyErrors: false }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useDecideByLink() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof actionByLinkDecisionApi.decide>) => call(actionByLinkDecisionApi.decide, { body }, { notifyErrors: false }),
  });
}
