import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation that refreshes the given lists once it succeeds. */
export function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
