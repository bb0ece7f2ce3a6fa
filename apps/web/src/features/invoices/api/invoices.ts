import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceApi, type BodyOf, type KsefImportResult, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Every query of the feature; a save, KSeF import or match decision refreshes them all. */
const KEY = ['invoices'] as const;
/** An invoice changes what bookings and settlements show (invoice awaited, acceptance released). */
const RELATED = [['bookings'], ['settlements']] as const;

export type InvoiceListQuery = QueryOf<typeof invoiceApi.list>;

export function useInvoiceList(query: InvoiceListQuery, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(invoiceApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(id: number, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(invoiceApi.details, { body: { id } }, { signal, notifyErrors: false }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    retry: false,
  });
}

function useRefreshAfterChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: KEY });
    for (const key of RELATED) void client.invalidateQueries({ queryKey: key });
  };
}

export function useSaveInvoice() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: BodyOf<typeof invoiceApi.save>) => call(invoiceApi.save, { body }, { notifyErrors: false }),
    onSuccess: refresh,
  });
}

export function useDeleteInvoice() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => call(invoiceApi.delete, { body: { id } }, { notifyErrors: false }),
    onSuccess: refresh,
  });
}

/** Sends the invoice's PDF; the answer's token goes into the save. */
export function useUploadInvoiceFile() {
  return useMutation({
    mutationFn: (file: File) => uploadFile<{ file_token: string; file_name: string }>(invoiceApi.upload.path, {}, file),
  });
}

export function useKsefImport() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (file: File) => uploadFile<KsefImportResult>(invoiceApi.ksefImport.path, {}, file),
    onSuccess: refresh,
  });
}

export function useConfirmMatch() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: BodyOf<typeof invoiceApi.matchConfirm>) =>
      call(invoiceApi.matchConfirm, { body }, { notifyErrors: false }),
    onSuccess: refresh,
  });
}

export function useRejectMatch() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => call(invoiceApi.matchReject, { body: { id } }, { notifyErrors: false }),
    onSuccess: refresh,
  });
}
