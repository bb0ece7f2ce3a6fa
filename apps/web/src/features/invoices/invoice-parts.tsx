import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@delego/contract';
import type { InvoiceMatchStatus } from '@delego/domain';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasPermission } from '../../lib/user-context.ts';

/** Spec §6: invoices are for `viewInvoices`, `companyAdmin` or `SuperAdmin`. */
export function useCanSeeInvoices(): boolean {
  const user = useCurrentUser();
  return (['viewInvoices', 'companyAdmin', 'SuperAdmin'] as const).some((name) => userHasPermission(user, name));
}

const MATCH_COLORS: Record<InvoiceMatchStatus, 'default' | 'info' | 'success' | 'warning'> = {
  none: 'warning',
  suggested: 'info',
  confirmed: 'success',
  rejected: 'default',
};

/** Where a KSeF invoice stands: no trip found, a trip suggested, confirmed by finance, or no trip's. */
export function MatchStatusChip({ status }: { status: InvoiceMatchStatus }) {
  const { t } = useTranslation('invoices');
  return <Chip size="small" color={MATCH_COLORS[status]} label={t(`matchStatus.${status}`)} />;
}

/** The bookings and settlements an invoice covers, the settlements as links. */
export function InvoiceCovers({ invoice }: { invoice: Pick<InvoiceListItem, 'booking_count' | 'delegations'> }) {
  const { t } = useTranslation('invoices');
  if (invoice.booking_count === 0 && invoice.delegations.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {invoice.booking_count > 0 && <span>{t('covers.bookings', { count: invoice.booking_count })}</span>}
      {invoice.delegations.map((delegation) => (
        <RouterLink key={delegation.id} to={`/delegation/readonly/${delegation.id}`}>
          {delegation.number ?? t('withoutNumber')} · {delegation.employee_name}
        </RouterLink>
      ))}
    </Box>
  );
}
