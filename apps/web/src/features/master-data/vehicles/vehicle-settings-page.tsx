import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { VehicleDto } from '@delego/contract';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { VehicleDeleteDialog } from './vehicle-delete-dialog.tsx';
import { VehicleDialog } from './vehicle-dialog.tsx';
import { VehicleTable, type VehicleSort } from './vehicle-table.tsx';

type Scope = 'all' | 'company' | 'private';

/** `/settings/vehicles`: every vehicle of the company, company and private, for the administrator. */
export function VehicleSettingsPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<VehicleSort>({ sort: 'plates' });
  const { params, setFilter } = useListFilters();
  const scopeParam = params.get('scope');
  const scope: Scope = scopeParam === 'company' || scopeParam === 'private' ? scopeParam : 'all';
  const [editing, setEditing] = useState<{ vehicle: VehicleDto | null } | null>(null);
  const [deleting, setDeleting] = useState<VehicleDto | null>(null);

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.vehicles')}
        description={t('vehicles.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ vehicle: null })}>
            {t('vehicles.add')}
          </Button>
        }
      />
      <VehicleTable
        label={tr('settings.vehicles')}
        query={{ ...query, scope }}
        state={state}
        onChange={update}
        showOwner
        onEdit={(vehicle) => setEditing({ vehicle })}
        onDelete={setDeleting}
        toolbar={
          <TextField
            select
            size="small"
            label={t('common.show')}
            value={scope}
            onChange={(event) => setFilter('scope', event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="all">{t('vehicles.scope.all')}</MenuItem>
            <MenuItem value="company">{t('vehicles.scope.company')}</MenuItem>
            <MenuItem value="private">{t('vehicles.scope.private')}</MenuItem>
          </TextField>
        }
      />
      <VehicleDialog open={editing !== null} vehicle={editing?.vehicle ?? null} asAdministrator onClose={() => setEditing(null)} />
      <VehicleDeleteDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
