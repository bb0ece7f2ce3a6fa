import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OfferDto } from '@delego/contract';
import { TRAVELLER_DATA_FIELDS, type OfferPart, formatMoneyText, formatWallTime } from '@delego/domain';
import { RichTextView } from '../../master-data/shared/rich-text-editor.tsx';

const NS = 'travelServiceOffers';

/** One leg, room or car of an offer in a line or two. */
export function OfferPartView({ part }: { part: OfferPart }) {
  const { t, i18n } = useTranslation(NS);
  const when = (value: string | null) => (value ? formatWallTime(value, i18n.language) : '—');
  switch (part.kind) {
    case 'leg':
      return (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {[part.carrier, part.number].filter(Boolean).join(' ') || t('part.leg')}
            {part.seat_class ? ` · ${part.seat_class}` : ''}
          </Typography>
          <Typography variant="body2">
            {part.from_text || '—'} {when(part.departure)} → {part.to_text || '—'} {when(part.arrival)}
          </Typography>
        </Box>
      );
    case 'room':
      return (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {part.hotel_name || t('part.room')}
            {part.room_type ? ` · ${t(`travelService:roomType.${part.room_type}`)}` : ''}
          </Typography>
          {part.address && <Typography variant="body2">{part.address}</Typography>}
          <Typography variant="body2">
            {when(part.check_in)} – {when(part.check_out)} · {t(part.is_breakfast ? 'part.withBreakfast' : 'part.withoutBreakfast')}
            {part.cancel_until ? ` · ${t('part.cancelUntil', { date: when(part.cancel_until) })}` : ''}
          </Typography>
        </Box>
      );
    case 'car':
      return (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {[part.company, part.car_class].filter(Boolean).join(' · ') || t('part.car')}
          </Typography>
          <Typography variant="body2">
            {part.from_text || '—'} {when(part.pick_up)} → {part.to_text || '—'} {when(part.drop_off)}
          </Typography>
        </Box>
      );
  }
}

/** An offer read-only: its price, its parts or body, and the traveller data it requires. */
export function OfferView({ offer, title }: { offer: OfferDto; title: string }) {
  const { t, i18n } = useTranslation(NS);
  const required = TRAVELLER_DATA_FIELDS.filter((field) => offer.requires[field]);
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="h6" component="p">
        {formatMoneyText(offer.price, offer.currency, i18n.language)}
      </Typography>
      {offer.parts.map((part, index) => (
        <OfferPartView key={index} part={part} />
      ))}
      {offer.html.trim() !== '' && <RichTextView html={offer.html} />}
      {required.length > 0 && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('requires.title')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {required.map((field) => (
              <Chip key={field} size="small" variant="outlined" label={t(`traveller.${field}`)} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
