import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileApi, usersApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

export const usersKeys = {
  all: ['company-admin', 'users'] as const,
  list: (query: QueryOf<typeof usersApi.list>) => ['company-admin', 'users', 'list', query] as const,
  detail: (id: number) => ['company-admin', 'users', 'detail', id] as const,
  formOptions: ['company-admin', 'users', 'form-options'] as const,
  profile: ['company-admin', 'my-profile'] as const,
};

export function useUserList(query: QueryOf<typeof usersApi.list>) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => call(usersApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserFormOptions() {
  return useQuery({ queryKey: usersKeys.formOptions, queryFn: ({ signal }) => call(usersApi.formOptions, undefined, { signal }) });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(usersApi.edit, { body: { id: id! } }, { signal }),
    enabled: id !== null,
    // The editor keeps its own draft; a background refetch must not replace what is being typed.
    staleTime: Infinity,
  });
}

/** Field issues are shown at the fields by the editor, so they are not also notified. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof usersApi.save>) => call(usersApi.save, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(usersKeys.detail(answer.user.id), answer.user);
      void queryClient.invalidateQueries({ queryKey: usersKeys.all, predicate: (query) => query.queryKey[2] !== 'detail' });
    },
  });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof usersApi.setActive>) => call(usersApi.setActive, { body }, { notifyErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useMyProfile() {
  return useQuery({ queryKey: usersKeys.profile, queryFn: ({ signal }) => call(profileApi.myProfile, undefined, { signal }) });
}

/** Field issues are shown at the fields by the password form, so they are not also notified. */
export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof profileApi.changeMyPassword>) => call(profileApi.changeMyPassword, { body }, { notifyErrors: false }),
  });
}
