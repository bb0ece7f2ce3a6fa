import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { optimaApi, type BodyOf, type QueryOf, type ResponseOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Every query of the export area; an export, import or mapping refreshes them all. */
const KEY = ['optima'] as const;

export type OptimaDocumentsQuery = QueryOf<typeof optimaApi.documents>;

export function useOptimaDocuments(query: OptimaDocumentsQuery) {
  return useQuery({
    queryKey: [...KEY, 'documents', query],
    queryFn: ({ signal }) => call(optimaApi.documents, { query }, { signal }),
  });
}

export function useOptimaExports() {
  return useQuery({ queryKey: [...KEY, 'exports'], queryFn: ({ signal }) => call(optimaApi.exports, undefined, { signal }) });
}

export function useOptimaSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: ({ signal }) => call(optimaApi.settings, undefined, { signal }) });
}

export function useSaveOptimaSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof optimaApi.saveSettings>) => call(optimaApi.saveSettings, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The categories a settlement's optima_category_code is chosen from (none while the module is off). */
export function useOptimaCategories(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'categories'],
    queryFn: ({ signal }) => call(optimaApi.categories, undefined, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useOptimaContractors() {
  return useQuery({ queryKey: [...KEY, 'contractors'], queryFn: ({ signal }) => call(optimaApi.contractors, undefined, { signal }) });
}

export function useOptimaEmployees() {
  return useQuery({ queryKey: [...KEY, 'employees'], queryFn: ({ signal }) => call(optimaApi.employees, undefined, { signal }) });
}

export function useMapOptimaContractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof optimaApi.mapContractor>) => call(optimaApi.mapContractor, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useMapOptimaEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof optimaApi.mapEmployee>) => call(optimaApi.mapEmployee, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useOptimaImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<ResponseOf<typeof optimaApi.import>>(optimaApi.import.path, {}, file),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Downloads the chosen documents as Optima's offline XML; the export is then in the history. */
export function useOptimaExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chosen: { invoiceIds: number[]; delegationIds: number[] }) =>
      downloadFile(
        optimaApi.exportInvoices.path,
        { invoice_ids: chosen.invoiceIds.join(','), delegation_ids: chosen.delegationIds.join(',') },
        { fallbackName: 'optima.xml' },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
