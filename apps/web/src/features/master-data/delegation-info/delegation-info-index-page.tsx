import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import PolicyIcon from '@mui/icons-material/Policy';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { pageInLanguage } from '@delego/domain';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDelegationInfoPages } from '../api/pages.ts';

function InfoLink({ to, icon, title, description }: { to: string; icon: ReactNode; title: string; description?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography color="primary" component="span" aria-hidden>
              {icon}
            </Typography>
            <div>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              {description && (
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              )}
            </div>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * `/delegation-info`: everything an employee needs to know about trips — vehicles, trip reasons,
 * per-diem rates, exchange rates, the trip policy and the company's own pages.
 */
export function DelegationInfoIndexPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const pages = useDelegationInfoPages();
  const fixed = [
    { to: '/delegation-info/vehicle', icon: <DirectionsCarIcon />, title: tr('delegationInfo.vehicle'), description: t('info.vehicleDescription') },
    { to: '/delegation-info/delegation-task', icon: <AssignmentIcon />, title: tr('delegationInfo.delegationTask'), description: t('info.taskDescription') },
    { to: '/delegation-info/delegation-rate', icon: <PaymentsIcon />, title: tr('delegationInfo.delegationRate'), description: t('info.rateDescription') },
    { to: '/delegation-info/exchange-rate', icon: <CurrencyExchangeIcon />, title: tr('delegationInfo.exchangeRate'), description: t('info.exchangeRateDescription') },
  ];

  return (
    <>
      <PageHeader title={tr('delegationInfo.index')} description={t('info.description')} />
      <nav aria-label={tr('delegationInfo.index')}>
        <Grid container spacing={2}>
          {pages.data?.items.map((page) => (
            <Grid key={page.alias} size={{ xs: 12, sm: 6, lg: 4 }}>
              <InfoLink
                to={`/delegation-info/${page.alias}`}
                icon={page.kind === 'tripPolicy' ? <PolicyIcon /> : <ArticleIcon />}
                title={pageInLanguage({ ...page, content_pl: '', content_en: '' }, i18n.language).title}
                description={page.kind === 'tripPolicy' ? t('info.tripPolicyDescription') : undefined}
              />
            </Grid>
          ))}
          {pages.isPending &&
            [0, 1].map((index) => (
              <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Skeleton variant="rounded" height={88} />
              </Grid>
            ))}
          {fixed.map((link) => (
            <Grid key={link.to} size={{ xs: 12, sm: 6, lg: 4 }}>
              <InfoLink {...link} />
            </Grid>
          ))}
        </Grid>
      </nav>
      {pages.isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('info.pagesLoadError')}
        </Alert>
      )}
    </>
  );
}
