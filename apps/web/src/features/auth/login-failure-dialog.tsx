import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@delego/domain';
import { ApiError } from '../../lib/api-client.ts';
import { MessageDialog } from '../../components/feedback/message-dialog.tsx';

export type LoginFailure =
  | { kind: 'locked'; minutes: number | null; seconds: number | null }
  | { kind: 'ipNotAllowed' }
  | { kind: 'passwordExpired' }
  | { kind: 'failed' };

/**
 * The dialog a failed login shows (spec §8). Null when there is nothing to show in a dialog:
 * a network failure is already a notification.
 */
export function loginFailureOf(error: unknown): LoginFailure | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  if (error.code === ErrorCode.loginLocked || error.status === 429) {
    const minutes = Number(error.params.minutes);
    const seconds = Number(error.params.retryAfterSeconds);
    return {
      kind: 'locked',
      minutes: Number.isFinite(minutes) && minutes > 0 ? minutes : null,
      seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
    };
  }
  if (error.code === ErrorCode.ipNotAllowed) return { kind: 'ipNotAllowed' };
  if (error.code === ErrorCode.passwordExpired) return { kind: 'passwordExpired' };
  return { kind: 'failed' };
}

interface LoginFailureDialogProps {
  failure: LoginFailure | null;
  onClose: () => void;
  /** Continues to the expired-password screen. */
  onChangePassword: () => void;
}

export function LoginFailureDialog({ failure, onClose, onChangePassword }: LoginFailureDialogProps) {
  const { t } = useTranslation('auth');
  if (!failure) return null;
  switch (failure.kind) {
    case 'locked':
      return (
        <MessageDialog open title={t('loginDialog.lockedTitle')} onClose={onClose}>
          <Typography>{t('loginDialog.lockedBody')}</Typography>
          {/* A growing delay after a few failures lasts seconds; the account lock, minutes. */}
          {failure.seconds !== null && failure.seconds < 60 ? (
            <Typography sx={{ mt: 1 }}>{t('loginDialog.lockedSeconds', { count: failure.seconds })}</Typography>
          ) : (
            failure.minutes !== null && <Typography sx={{ mt: 1 }}>{t('loginDialog.lockedMinutes', { count: failure.minutes })}</Typography>
          )}
        </MessageDialog>
      );
    case 'ipNotAllowed':
      return (
        <MessageDialog open title={t('loginDialog.ipTitle')} onClose={onClose}>
          <Typography>{t('loginDialog.ipBody')}</Typography>
        </MessageDialog>
      );
    case 'passwordExpired':
      // Spec §8: the dialog leads to the password change however it is closed.
      return (
        <MessageDialog
          open
          title={t('loginDialog.expiredTitle')}
          onClose={onChangePassword}
          actions={
            <Button variant="contained" onClick={onChangePassword} autoFocus>
              {t('loginDialog.expiredAction')}
            </Button>
          }
        >
          <Typography>{t('loginDialog.expiredBody')}</Typography>
        </MessageDialog>
      );
    case 'failed':
      return (
        <MessageDialog open title={t('loginDialog.failedTitle')} onClose={onClose}>
          <Typography>{t('loginDialog.failedBody')}</Typography>
        </MessageDialog>
      );
  }
}
