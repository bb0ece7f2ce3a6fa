import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useTranslation } from 'react-i18next';
import { useInactivitySeconds } from '../../lib/session.tsx';

/** mm:ss; minutes may exceed 59 when a company sets a long session. */
function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, totalSeconds);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

function SessionCountdown() {
  const { t } = useTranslation('common');
  const seconds = useInactivitySeconds();
  if (seconds === null) return null;
  const time = formatCountdown(seconds);
  return (
    <Tooltip title={t('footer.countdownHint')}>
      <Box role="timer" aria-label={t('footer.countdown', { time })} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <TimerOutlinedIcon fontSize="small" aria-hidden />
        <Typography variant="body2" component="span">
          {time}
        </Typography>
      </Box>
    </Tooltip>
  );
}

function VersionText() {
  const { t } = useTranslation('common');
  const parts = [t('footer.version', { version: __APP_VERSION__ }), t('footer.build', { date: __BUILD_DATE__ })];
  if (__BUILD_COMMIT__) parts.push(t('footer.commit', { commit: __BUILD_COMMIT__ }));
  return (
    <Typography variant="body2" color="text.secondary">
      {parts.join(' · ')}
    </Typography>
  );
}

/** Spec §2: the inactivity countdown and the version text with its build metadata. */
export function AppFooter() {
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, px: 3, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <SessionCountdown />
      <VersionText />
    </Box>
  );
}
