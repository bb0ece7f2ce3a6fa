import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { formatWallTime } from '../../../lib/format.ts';
import { useCostCheck } from '../api/settlements.ts';

/**
 * What the acceptor and finance should know before deciding: bookings whose invoice has not arrived
 * (acceptance waits for it, spec §8) and bills claimed twice, in this settlement or another one.
 */
export function CostCheckAlerts({ id }: { id: number }) {
  const { t, i18n } = useTranslation('settlements');
  const check = useCostCheck(id);
  if (!check.data) return null;
  const missing = check.data.bookings.filter((booking) => booking.invoice_missing);
  return (
    <>
      {missing.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{t('costCheck.invoicesMissingTitle')}</AlertTitle>
          {t('costCheck.invoicesMissing', {
            bookings: missing.map((booking) => `${booking.title} (${formatWallTime(booking.start_at, i18n.language)})`).join(', '),
          })}
        </Alert>
      )}
      {check.data.duplicates.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{t('costCheck.duplicatesTitle')}</AlertTitle>
          {check.data.duplicates.map((duplicate, index) => (
            <div key={index}>
              {t(`costCheck.duplicate.${duplicate.reason}`, {
                place: duplicate.place,
                other:
                  duplicate.other_delegation_id === id
                    ? t('costCheck.thisSettlement')
                    : (duplicate.other_delegation_number ?? `#${duplicate.other_delegation_id}`),
                otherPlace: duplicate.other_place,
              })}
            </div>
          ))}
        </Alert>
      )}
    </>
  );
}
