import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '../../../components/data-table/use-list-state.ts';

export type ActiveFilter = 'all' | 'active' | 'inactive';

/** The active/inactive filter of a list, kept in the address like the list's paging. */
export function useActiveFilter(defaultValue: ActiveFilter = 'active') {
  const { params, setFilter } = useListFilters();
  const raw = params.get('active');
  const value: ActiveFilter = raw === 'all' || raw === 'active' || raw === 'inactive' ? raw : defaultValue;
  const set = (next: ActiveFilter) => setFilter('active', next);
  return [value, set] as const;
}

export function ActiveFilterField({ value, onChange }: { value: ActiveFilter; onChange: (value: ActiveFilter) => void }) {
  const { t } = useTranslation('masterData');
  return (
    <TextField select size="small" label={t('common.show')} value={value} onChange={(event) => onChange(event.target.value as ActiveFilter)} sx={{ minWidth: 180 }}>
      <MenuItem value="active">{t('common.onlyActive')}</MenuItem>
      <MenuItem value="inactive">{t('common.onlyInactive')}</MenuItem>
      <MenuItem value="all">{t('common.all')}</MenuItem>
    </TextField>
  );
}
