import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { externalSystemApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const linkKey = ['company-admin', 'external-system'] as const;

export function useExternalSystemLink() {
  return useQuery({
    queryKey: linkKey,
    queryFn: ({ signal }) => call(externalSystemApi.get, undefined, { signal }),
  });
}

export function useSaveExternalSystemLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof externalSystemApi.save>) => call(externalSystemApi.save, { body }),
    onSuccess: (answer) => queryClient.setQueryData(linkKey, { link: answer.link }),
  });
}
