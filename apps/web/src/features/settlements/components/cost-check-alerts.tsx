import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatWallTime } from '@delego/domain';
import { useCostCheck } from '../api/settlements.ts';

/**
 * A claimed bill as people know it: the settlement's other cost by its position (and the receipt's
 * number), or the invoice by its number — never the `other.N` / `invoice.ID` key it is found by.
 */
function billText(t: TFunction<'settlements'>, place: string, number: string | null): string {
  if (place.startsWith('invoice.')) return number ? t('costCheck.bill.invoice', { number }) : t('costCheck.bill.invoiceUnnumbered');
  const position = Number(place.slice('other.'.length)) + 1;
  return number ? t('costCheck.bill.otherNumbered', { position, number }) : t('costCheck.bill.other', { position });
}

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
          {check.data.duplicates.map((duplicate, index) => {
            const bill = billText(t, duplicate.place, duplicate.bill_number);
            return (
              <div key={index}>
                {t(`costCheck.duplicate.${duplicate.reason}`, {
                  bill: bill.charAt(0).toLocaleUpperCase(i18n.language) + bill.slice(1),
                  otherBill: billText(t, duplicate.other_place, duplicate.other_bill_number),
                  other:
                    duplicate.other_delegation_id === id
                      ? t('costCheck.thisSettlement')
                      : duplicate.other_delegation_number
                        ? t('costCheck.settlementNumbered', { number: duplicate.other_delegation_number })
                        : t('costCheck.settlementOfTrip', {
                            start: formatWallTime(duplicate.other_trip_start, i18n.language),
                            end: formatWallTime(duplicate.other_trip_end, i18n.language),
                          }),
                })}
              </div>
            );
          })}
        </Alert>
      )}
    </>
  );
}
