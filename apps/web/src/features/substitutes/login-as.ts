import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, formatWallTime } from '@delego/domain';
import { substitutesApi } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Logs in as an absent colleague (spec §7 `user-substitute/login-as`) and opens the start page, or
 * `path` (a waiting document's decision screen), on their account; a refusal outside the
 * substitution's period says when it applies (§8).
 */
export function useLoginAs() {
  const { t, i18n } = useTranslation('substitutes');
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<number | null>(null);

  async function loginAs(absentUserId: number, path = '/') {
    setPendingId(absentUserId);
    try {
      switchAccount(await call(substitutesApi.loginAs, { body: { absent_user_id: absentUserId } }, { notifyErrors: false }));
      navigate(path, { replace: true });
    } catch (error) {
      enqueueSnackbar(failureText(error), { variant: 'error' });
    } finally {
      setPendingId(null);
    }
  }

  function failureText(error: unknown): string {
    if (!(error instanceof ApiError)) return translateServerMessage('');
    if (error.code !== ErrorCode.contextSwitchFailed) return translateServerMessage(error.messages[0] ?? '');
    const day = (value: unknown) => (typeof value === 'string' && value !== '' ? formatWallTime(value, i18n.language) : '…');
    return t('loginAs.failed', { from: day(error.params.date_from), to: day(error.params.date_to) });
  }

  return { loginAs, pendingId };
}
