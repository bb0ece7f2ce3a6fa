import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListState<TSort extends string> {
  page: number;
  page_size: number;
  sort: TSort;
  order: 'asc' | 'desc';
  search: string;
}

/** The address with `change` applied: '' or undefined removes a key; any change but of the page starts again from the first page. */
function withChange(current: URLSearchParams, change: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === '' || value === undefined) next.delete(key);
    else next.set(key, String(value));
  }
  // A new search, sort or filter starts again from the first page.
  if (!('page' in change)) next.delete('page');
  return next;
}

/**
 * Page, sort and search of a list screen, kept in the address so reload and the
 * back button return to the same view.
 */
export function useListState<TSort extends string>(defaults: { sort: TSort; order?: 'asc' | 'desc'; page_size?: number }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState<TSort>>(
    () => ({
      page: Math.max(1, Number(params.get('page')) || 1),
      page_size: Number(params.get('page_size')) || defaults.page_size || 25,
      sort: (params.get('sort') as TSort | null) ?? defaults.sort,
      order: params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : (defaults.order ?? 'asc'),
      search: params.get('search') ?? '',
    }),
    [params, defaults.sort, defaults.order, defaults.page_size],
  );
  const update = useCallback(
    (change: Partial<ListState<TSort>>) => {
      setParams((current) => withChange(current, change), { replace: true });
    },
    [setParams],
  );
  /** The query to send: the search only when there is one. */
  const query = useMemo(() => {
    const { search, ...rest } = state;
    return search ? { ...rest, search } : rest;
  }, [state]);
  return { state, query, update };
}

/**
 * A list's own filters (a cost centre, a status, a date…), kept in the address beside its
 * paging: a new value starts again from the first page, and '' removes the filter.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const setFilters = useCallback((change: Record<string, string>) => setParams((current) => withChange(current, change), { replace: true }), [setParams]);
  const setFilter = useCallback((name: string, value: string) => setFilters({ [name]: value }), [setFilters]);
  return { params, setFilter, setFilters };
}
