import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { VehicleDto } from '@delego/contract';
import { useListState, type ListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { DelegationInfoBackLink } from '../delegation-info/delegation-info-back-link.tsx';
import { VehicleDeleteDialog } from './vehicle-delete-dialog.tsx';
import { VehicleDialog } from './vehicle-dialog.tsx';
import { VehicleTable, type VehicleSort } from './vehicle-table.tsx';

/**
 * `/delegation-info/vehicle`: the employee's own private vehicles, which they keep here for the
 * mileage of their trips, and the company's vehicles, read-only.
 */
export function VehicleInfoPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const own = useListState<VehicleSort>({ sort: 'plates' });
  // The company list keeps its own page in local state, so the two lists do not share the address.
  const [companyState, setCompanyState] = useState<ListState<VehicleSort>>({ page: 1, page_size: 10, sort: 'plates', order: 'asc', search: '' });
  const [editing, setEditing] = useState<{ vehicle: VehicleDto | null } | null>(null);
  const [deleting, setDeleting] = useState<VehicleDto | null>(null);
  const { search: companySearch, ...companyQuery } = companyState;

  return (
    <>
      <DelegationInfoBackLink />
      <PageHeader title={tr('delegationInfo.vehicle')} description={t('vehicles.info.description')} />
      <Stack spacing={4}>
        <section aria-labelledby="own-vehicles">
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
            <Typography id="own-vehicles" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('vehicles.info.own')}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ vehicle: null })}>
              {t('vehicles.info.add')}
            </Button>
          </Stack>
          <VehicleTable
            label={t('vehicles.info.own')}
            query={{ ...own.query, scope: 'mine' }}
            state={own.state}
            onChange={own.update}
            showOwner={false}
            onEdit={(vehicle) => setEditing({ vehicle })}
            onDelete={setDeleting}
          />
        </section>
        <section aria-labelledby="company-vehicles">
          <Typography id="company-vehicles" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('vehicles.info.company')}
          </Typography>
          <VehicleTable
            label={t('vehicles.info.company')}
            query={{ ...companyQuery, ...(companySearch ? { search: companySearch } : {}), scope: 'company' }}
            state={companyState}
            onChange={(change) => setCompanyState((current) => ({ ...current, ...change, page: change.page ?? 1 }))}
            showOwner={false}
          />
        </section>
      </Stack>
      <VehicleDialog open={editing !== null} vehicle={editing?.vehicle ?? null} asAdministrator={false} onClose={() => setEditing(null)} />
      <VehicleDeleteDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
