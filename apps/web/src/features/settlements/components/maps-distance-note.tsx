import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ROAD_FACTOR, formatParams, type MapsDistanceSource } from '@delego/domain';

/** A segment's maps distance and where it came from (ADR 0033). */
export interface MapsDistance {
  km: string;
  source: MapsDistanceSource;
}

/**
 * The maps distance a segment's kilometres are checked against, labelled by its source (an estimate
 * says so), in the form as the employee types and in the read-only view as saved.
 */
export function MapsDistanceNote({ index, distance, sx }: { index: number; distance: MapsDistance; sx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation('settlement-form');
  const params = formatParams({ km: distance.km, factor: ROAD_FACTOR.toFixed(1) }, i18n.language);
  return (
    <Typography id={`transport-${index}-maps-distance`} variant="body2" color="text.secondary" sx={sx}>
      {t(`route.mapsDistance.${distance.source}`, params)}
    </Typography>
  );
}
