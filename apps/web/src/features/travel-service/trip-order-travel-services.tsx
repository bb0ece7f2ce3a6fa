import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { formatWallTime } from '@delego/domain';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule, userHasPermission } from '../../lib/user-context.ts';
import { useTravelServiceList } from './api/travel-service.ts';

interface TripOrderTravelServicesProps {
  /** The trip order (polecenie wyjazdu) and the worker it is for. */
  order: { id: number; user_id: number | null };
}

/**
 * A trip order's travel-service orders (spec §3 `travel_service_order_ids[]`) with a way to start
 * one for it: the new order takes the trip's worker, days and places. Shown only where the company
 * has the travel module and the user may order travel services (spec §6 menu rule).
 */
export function TripOrderTravelServices({ order }: TripOrderTravelServicesProps) {
  const { t, i18n } = useTranslation('travelService');
  const user = useCurrentUser();
  const canSee =
    userHasModule(user, 'travel_service') &&
    (userHasPermission(user, 'travelOrder') || userHasPermission(user, 'travelOrderSelf'));
  const canOrder = userHasPermission(user, 'travelOrder') || order.user_id === user.context_user_id;
  const list = useTravelServiceList(
    { page: 1, page_size: 50, sort: 'created_at', order: 'asc', delegation_order_id: order.id },
    canSee,
  );
  if (!canSee) return null;
  const language = i18n.language;
  const rows = list.data?.items ?? [];
  const period = (start: string | null, end: string | null) =>
    start
      ? end && end !== start
        ? `${formatWallTime(start, language)} – ${formatWallTime(end, language)}`
        : formatWallTime(start, language)
      : '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="trip-travel-services">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="trip-travel-services" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('trip.title')}
        </Typography>
        {canOrder && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/travel-service/new?delegation_order=${order.id}`}
          >
            {t('trip.order')}
          </Button>
        )}
      </Box>
      {list.isError && <Alert severity="error">{t('trip.loadError')}</Alert>}
      {list.isSuccess && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('trip.none')}
        </Typography>
      )}
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {rows.map((row) => (
          <Typography key={row.id} component="li" variant="body2">
            <Link component={RouterLink} to={`/travel-service/item-details/${row.id}`}>
              {t('trip.row', { number: row.number })}
            </Link>
            {` · ${row.types.map((type) => t(`type.${type}`)).join(', ')} · ${period(row.start_date, row.end_date)} · ${t(`orderStatus.${row.status}`)}`}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
}
