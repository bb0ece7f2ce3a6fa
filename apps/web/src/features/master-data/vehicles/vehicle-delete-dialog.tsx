import { useTranslation } from 'react-i18next';
import type { VehicleDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useDeleteVehicle } from '../api/vehicles.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';

/** Asks before deleting a vehicle (the administrator's list and the employee's own cars alike). */
export function VehicleDeleteDialog({ vehicle, onClose }: { vehicle: VehicleDto | null; onClose: () => void }) {
  const { t } = useTranslation('masterData');
  const remove = useDeleteVehicle();
  return (
    <DeleteDialog
      open={vehicle !== null}
      title={t('vehicles.deleteTitle')}
      question={t('vehicles.deleteQuestion', { plates: vehicle?.plates ?? '' })}
      onDelete={async () => {
        await remove.mutateAsync(vehicle!.id);
        enqueueSnackbar(t('vehicles.deleted'));
      }}
      onClose={onClose}
    />
  );
}
