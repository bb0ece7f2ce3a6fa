import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SignInStep } from '@delego/contract';
import { ErrorCode } from '@delego/domain';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import type { SessionResponse } from '../../lib/session.tsx';
import { useSignInEnrolmentConfirm, useSignInEnrolmentStart, useSignInWithCode } from './api/use-two-factor.ts';
import { LoginFailureDialog, loginFailureOf, type LoginFailure } from './login-failure-dialog.tsx';
import { EnrolmentPicture, OneTimeCodeForm, RecoveryCodes } from './two-factor-parts.tsx';

const STEP_OVER: string[] = [ErrorCode.tokenExpired, ErrorCode.tokenUsed, ErrorCode.tokenNotFound];

/** Whether the failure means the second step itself is over (expired, used): the user signs in again. */
function isStepOver(error: unknown): boolean {
  return error instanceof ApiError && STEP_OVER.includes(error.code);
}

interface SecondStepProps {
  step: SignInStep;
  onSignedIn: (session: SessionResponse) => void;
  /** Back to the password step, with the reason to show there (or none). */
  onRestart: (reason: 'expired' | null) => void;
}

/**
 * The sign-in's second step after a right password (ADR 0026): a code from the authenticator app or a
 * recovery code; or, for a user who must use an authenticator and has none, setting one up first.
 * No session exists until this step succeeds.
 */
export function SignInSecondStep({ step, onSignedIn, onRestart }: SecondStepProps) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const onFailure = (error: unknown, showAtField: (error: unknown) => boolean) => {
    if (isStepOver(error)) onRestart('expired');
    else if (!showAtField(error)) setFailure(loginFailureOf(error));
  };
  return (
    <Stack spacing={2}>
      {step.second_step === 'code' ? <CodeStep token={step.sign_in_token} onSignedIn={onSignedIn} onFailure={onFailure} /> : <EnrolmentStep token={step.sign_in_token} onSignedIn={onSignedIn} onFailure={onFailure} />}
      <Button onClick={() => onRestart(null)} sx={{ alignSelf: 'center' }}>
        {t('backToLogin')}
      </Button>
      <LoginFailureDialog failure={failure} onClose={() => setFailure(null)} onChangePassword={() => onRestart(null)} />
    </Stack>
  );
}

type StepChildProps = { token: string; onSignedIn: (session: SessionResponse) => void; onFailure: (error: unknown, showAtField: (error: unknown) => boolean) => void };

function CodeStep({ token, onSignedIn, onFailure }: StepChildProps) {
  const { t } = useTranslation('auth');
  const verify = useSignInWithCode();
  return (
    <>
      <Typography>{t('twoFactor.codeIntro')}</Typography>
      <OneTimeCodeForm
        label={t('twoFactor.code')}
        helperText={t('twoFactor.codeHint')}
        submitLabel={t('twoFactor.verify')}
        pending={verify.isPending}
        onCode={(code, showAtField) => verify.mutate({ sign_in_token: token, code }, { onSuccess: onSignedIn, onError: (error) => onFailure(error, showAtField) })}
      />
    </>
  );
}

function EnrolmentStep({ token, onSignedIn, onFailure }: StepChildProps) {
  const { t } = useTranslation('auth');
  const start = useSignInEnrolmentStart();
  const confirm = useSignInEnrolmentConfirm();
  const [session, setSession] = useState<(SessionResponse & { recovery_codes: string[] }) | null>(null);
  const startEnrolment = start.mutate;

  useEffect(() => {
    startEnrolment({ sign_in_token: token }, { onError: (error) => onFailure(error, () => false) });
    // Once per sign-in token: each start replaces the secret, and the one shown is the last one asked for.
  }, [token, startEnrolment]);

  if (session) {
    return <RecoveryCodes codes={session.recovery_codes} doneLabel={t('twoFactor.recoveryDoneSignIn')} onDone={() => onSignedIn(session)} />;
  }
  if (start.isError) return <Alert severity="error">{t('twoFactor.startFailed')}</Alert>;
  if (!start.data) return <PageSpinner />;
  return (
    <>
      <Alert severity="info">{t('twoFactor.enrolmentRequired')}</Alert>
      <EnrolmentPicture secret={start.data.secret} qrCode={start.data.qr_code} />
      <OneTimeCodeForm
        label={t('twoFactor.firstCode')}
        submitLabel={t('twoFactor.confirmEnrolment')}
        pending={confirm.isPending}
        onCode={(code, showAtField) => confirm.mutate({ sign_in_token: token, code }, { onSuccess: setSession, onError: (error) => onFailure(error, showAtField) })}
      />
    </>
  );
}
