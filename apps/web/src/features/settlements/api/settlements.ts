import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookingApi,
  delegationApi,
  invoiceApi,
  vehicleApi,
  type AttachmentDto,
  type AttachmentSection,
  type BodyOf,
  type QueryOf,
} from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Every query of this feature starts with this key; a save or an action refreshes them all (spec §4: the list reloads). */
const KEY = ['settlements'] as const;

export type SettlementListQuery = QueryOf<typeof delegationApi.list>;

export function useSettlementList(query: SettlementListQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(delegationApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The settlements waiting for the user's decision: their count and the first few, soonest trip first ('what waits for me'). */
export function useSettlementsWaitingForMe(enabled: boolean, first: number) {
  return useQuery({
    queryKey: [...KEY, 'waiting', first],
    queryFn: ({ signal }) =>
      call(delegationApi.list, { query: { page: 1, page_size: first, sort: 'start_date', order: 'asc', scope: 'toDecide' } }, { signal, notifyErrors: false }),
    enabled,
    staleTime: 30_000,
  });
}

/** The employee's bookings of the trip's days that a settlement may settle (`booking/for-settlement`). */
export function useAttachableBookings(query: QueryOf<typeof bookingApi.forSettlement>) {
  const hasDays = /^\d{4}-\d{2}-\d{2}$/.test(query.date_from) && /^\d{4}-\d{2}-\d{2}$/.test(query.date_to) && query.date_from <= query.date_to;
  return useQuery({
    queryKey: [...KEY, 'attachable-bookings', query],
    queryFn: ({ signal }) => call(bookingApi.forSettlement, { query }, { signal }),
    enabled: hasDays,
    staleTime: 60_000,
  });
}

export function useAvailableUsers() {
  return useQuery({
    queryKey: [...KEY, 'available-users'],
    queryFn: ({ signal }) => call(delegationApi.availableUsers, { query: {} }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The vehicles a settlement of `employeeId` may name: the employee's own private vehicles and the
 * company's active cars (the server pays mileage only for the employee's own).
 */
export function useSettlementVehicles(employeeId: number) {
  return useQuery({
    queryKey: [...KEY, 'vehicles', employeeId],
    queryFn: async ({ signal }) => {
      const page = await call(vehicleApi.list, { query: { page_size: 200, sort: 'plates' } }, { signal });
      return page.items.filter((vehicle) => (vehicle.is_private ? vehicle.owner_user_id === employeeId : vehicle.is_active));
    },
    staleTime: 60_000,
  });
}

export function useFormOptions() {
  return useQuery({
    queryKey: [...KEY, 'form-options'],
    queryFn: ({ signal }) => call(delegationApi.formOptions, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAvailableOrders() {
  return useQuery({
    queryKey: [...KEY, 'available-orders'],
    queryFn: ({ signal }) => call(delegationApi.availableOrders, undefined, { signal }),
  });
}

/** The accepted order a new settlement starts from; refusals (not accepted, already settled) stay on the screen. */
/**
 * The accepted order a new settlement starts from, read once: it is a starting point, not a view to keep
 * fresh, and after the settlement is saved the order is settled, so reading it again would be refused.
 */
const ORDER_IMPORT_KEY = ['settlement-order-import'] as const;

export function useOrderImport(orderId: number) {
  return useQuery({
    queryKey: [...ORDER_IMPORT_KEY, orderId],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      call(delegationApi.delegationOrderImport, { body: { id: orderId } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(orderId) && orderId > 0,
    retry: false,
  });
}

export function useSettlement(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) =>
      call(delegationApi.delegationEdit, { body: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** The answer's status says how it went (spec §8), so the screen shows it and the client notifies nothing. */
export function useSaveSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof delegationApi.saveStandard>) =>
      call(delegationApi.saveStandard, { body }, { notifyErrors: false }),
    onSuccess: (answer) => {
      if (answer.status !== 'OK') return;
      client.removeQueries({ queryKey: ORDER_IMPORT_KEY });
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useSettlementAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof delegationApi.action>) => call(delegationApi.action, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * Uploads one file as `multipart/form-data` (the JSON client does not send files). Rejects with
 * `ApiError` carrying the server's issues, e.g. `attachment.tooLarge`.
 */
export async function uploadAttachment(
  file: File,
  place: { section: AttachmentSection; itemKey?: string },
): Promise<AttachmentDto> {
  const answer = await uploadFile<{ attachment: AttachmentDto }>(
    delegationApi.attachmentUpload.path,
    { section: place.section, ...(place.itemKey ? { item_key: place.itemKey } : {}) },
    file,
  );
  return answer.attachment;
}

/** Removes an upload that no saved settlement holds yet. */
export function deletePendingAttachment(id: number) {
  return call(delegationApi.attachmentDelete, { body: { id } }, { notifyErrors: false });
}

/** The settlement's bookings with their invoices and the bills it claims twice (shown before a decision). */
export function useCostCheck(id: number) {
  return useQuery({
    queryKey: [...KEY, 'cost-check', id],
    queryFn: ({ signal }) => call(invoiceApi.costCheck, { query: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
