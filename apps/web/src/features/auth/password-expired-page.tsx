import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginRequestSchema, type SignInStep } from '@delego/contract';
import { ErrorCode } from '@delego/domain';
import { FormCard } from '../../components/form-card.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { useSession } from '../../lib/session.tsx';
import { useChangeExpiredPassword } from './api/use-login.ts';
import { SignInSecondStep } from './sign-in-second-step.tsx';

/** What the login screen hands over in the router state, so the user need not retype it. */
export interface PasswordExpiredState {
  company: string;
  username: string;
}

const REQUIRED = 'global.error.required';
const schema = loginRequestSchema
  .extend({
    new_password: z.string().min(1, REQUIRED).max(256),
    repeat_password: z.string().min(1, REQUIRED).max(256),
  })
  .refine((values) => values.new_password === values.repeat_password, {
    path: ['repeat_password'],
    message: 'validation.password.mismatch',
  });
type Schema = typeof schema;
const FIELDS = ['company', 'username', 'password', 'new_password', 'repeat_password'] as const;

function handedOver(state: unknown): PasswordExpiredState {
  if (typeof state === 'object' && state !== null && 'company' in state && 'username' in state) {
    const { company, username } = state;
    if (typeof company === 'string' && typeof username === 'string') return { company, username };
  }
  return { company: '', username: '' };
}

/** `/password-expired`: the user replaces an expired password and is logged in. */
export function PasswordExpiredPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const change = useChangeExpiredPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SignInStep | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { ...handedOver(location.state), password: '', new_password: '', repeat_password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    change.mutate(values, {
      onSuccess: (answer) => {
        if (!('access_token' in answer)) {
          setSecondStep(answer);
          return;
        }
        session.login(answer);
        navigate('/', { replace: true });
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, FIELDS) || !(error instanceof ApiError) || error.status === 0) return;
        if (error.code === ErrorCode.loginFailed) setFormError(t('loginDialog.failedBody'));
        else setFormError(error.messages[0] ? translateServerMessage(error.messages[0]) : t('passwordExpired.failed'));
      },
    });
  });

  // The new password is saved; an account with a second factor still proves it before any session.
  if (secondStep) {
    return (
      <FormCard title={t(secondStep.second_step === 'code' ? 'twoFactor.codeTitle' : 'twoFactor.enrolmentTitle')}>
        <SignInSecondStep
          step={secondStep}
          onSignedIn={(answer) => {
            session.login(answer);
            navigate('/', { replace: true });
          }}
          onRestart={() => navigate('/login', { replace: true })}
        />
      </FormCard>
    );
  }

  return (
    <FormCard title={t('passwordExpired.title')} subtitle={t('passwordExpired.intro')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormTextField control={form.control} name="company" label={t('login.company')} autoComplete="organization" />
        <FormTextField control={form.control} name="username" label={t('login.username')} autoComplete="username" />
        <FormTextField control={form.control} name="password" type="password" label={t('passwordExpired.currentPassword')} autoComplete="current-password" />
        <FormTextField control={form.control} name="new_password" type="password" label={t('passwordExpired.newPassword')} autoComplete="new-password" />
        <FormTextField control={form.control} name="repeat_password" type="password" label={t('passwordExpired.repeatPassword')} autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" loading={change.isPending}>
          {t('passwordExpired.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {t('backToLogin')}
        </Link>
      </Stack>
    </FormCard>
  );
}
