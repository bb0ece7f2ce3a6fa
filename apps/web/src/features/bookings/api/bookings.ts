import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingApi, type BodyOf, type BookingImportResult, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Every query of the feature; a save, import or mapping refreshes them all. */
const KEY = ['bookings'] as const;

export type BookingListQuery = QueryOf<typeof bookingApi.list>;

export function useBookingList(query: BookingListQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(bookingApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(bookingApi.details, { body: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useBookingUsers(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'users'],
    queryFn: ({ signal }) => call(bookingApi.users, undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useSaveBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof bookingApi.save>) =>
      call(bookingApi.save, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(bookingApi.delete, { body: { id } }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useImportBookings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; mode: 'preview' | 'commit'; skipInvalid: boolean }) =>
      uploadFile<BookingImportResult>(
        bookingApi.import.path,
        { mode: input.mode, skip_invalid: String(input.skipInvalid) },
        input.file,
      ),
    onSuccess: (result) => {
      if (result.mode === 'commit') void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useTravellerMappings() {
  return useQuery({
    queryKey: [...KEY, 'mapping'],
    queryFn: ({ signal }) => call(bookingApi.mappingList, undefined, { signal }),
  });
}

export function useSaveTravellerMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof bookingApi.mappingSave>) => call(bookingApi.mappingSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
