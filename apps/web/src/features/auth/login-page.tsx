import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { loginRequestSchema, SignInStep } from '@delego/contract';
import { ADMIN_COMPANY_CODE } from '@delego/domain';
import { FormCard } from '../../components/form-card.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { lazySchemaResolver } from '../../components/form/lazy-schema-resolver.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { externalNavigation, externalReturnUrl } from '../../lib/external-system.ts';
import { returnPathAfterLogin } from '../../lib/return-path.ts';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useSession } from '../../lib/session.tsx';
import { useGeneralSettings, useLogin } from './api/use-login.ts';
import { LoginFailureDialog, loginFailureOf, type LoginFailure } from './login-failure-dialog.tsx';
import type { PasswordExpiredState } from './password-expired-page.tsx';

// Only after a password accepted with two-factor sign-in on: its forms (and their schemas) stay off the login route (issue 13).
const SignInSecondStep = lazy(() => import('./sign-in-second-step.tsx').then(({ SignInSecondStep: step }) => ({ default: step })));
const loginResolver = lazySchemaResolver(() => import('@delego/contract/auth').then(({ loginRequestSchema: schema }) => schema));

type LoginSchema = typeof loginRequestSchema;
const FIELDS = ['company', 'username', 'password'] as const;
/** Spec §6: flags where 2 means true. */
const FLAG_ON = 2;

function LoginForm({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const login = useLogin();
  const generalSettings = useGeneralSettings();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [secondStep, setSecondStep] = useState<SignInStep | null>(null);
  const [stepExpired, setStepExpired] = useState(false);
  const form = useForm<z.input<LoginSchema>, unknown, z.output<LoginSchema>>({
    resolver: loginResolver,
    defaultValues: { company: isAdmin ? ADMIN_COMPANY_CODE : '', username: '', password: '' },
  });

  // Already logged in (or just logged in): go where the login was meant to lead.
  if (session.state.status === 'logged') return <Navigate to={returnPathAfterLogin(location.pathname)} replace />;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        setStepExpired(false);
        if ('access_token' in answer) session.login(answer);
        else setSecondStep(answer);
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, FIELDS)) return;
        setFailure(loginFailureOf(error));
      },
    }),
  );

  const goToPasswordChange = () => {
    const { company, username } = form.getValues();
    const state: PasswordExpiredState = { company, username };
    navigate('/password-expired', { state });
  };

  // The company may forbid the browser from remembering the password (login_password_save).
  const mayRememberPassword = generalSettings.data ? generalSettings.data.login_password_save === FLAG_ON : true;

  if (secondStep) {
    return (
      <FormCard title={t(secondStep.second_step === 'code' ? 'twoFactor.codeTitle' : 'twoFactor.enrolmentTitle')} subtitle={t('login.subtitle')}>
        <Suspense fallback={<PageSpinner />}>
          <SignInSecondStep
            step={secondStep}
            onSignedIn={(answer) => session.login(answer)}
            onRestart={(reason) => {
              form.setValue('password', '');
              setStepExpired(reason === 'expired');
              setSecondStep(null);
            }}
          />
        </Suspense>
      </FormCard>
    );
  }

  return (
    <FormCard title={t(isAdmin ? 'login.adminTitle' : 'login.title')} subtitle={t('login.subtitle')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {stepExpired && <Alert severity="warning">{t('twoFactor.stepExpired')}</Alert>}
        <FormTextField control={form.control} name="company" label={t('login.company')} autoComplete="organization" readOnly={isAdmin} autoFocus={!isAdmin} />
        <FormTextField control={form.control} name="username" label={t('login.username')} autoComplete="username" autoFocus={isAdmin} />
        <FormTextField
          control={form.control}
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete={mayRememberPassword ? 'current-password' : 'off'}
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/profile/password-forgotten" sx={{ alignSelf: 'center' }}>
          {t('login.forgotPassword')}
        </Link>
      </Stack>
      <LoginFailureDialog failure={failure} onClose={() => setFailure(null)} onChangePassword={goToPasswordChange} />
    </FormCard>
  );
}

/**
 * `/login` and `/login/:address`. In a browser flagged as an external-system user's (spec §1, §2) the
 * user goes back to the main system instead, which signs them in again; `/external-login/clear` drops the flag.
 */
export function LoginPage() {
  const { state } = useSession();
  const mainSystem = state.status === 'notLogged' ? externalReturnUrl() : null;
  useEffect(() => {
    if (mainSystem) externalNavigation.go(mainSystem);
  }, [mainSystem]);
  if (mainSystem) return <PageSpinner />;
  return <LoginForm isAdmin={false} />;
}

/** `/login-admin`: the provider-admin company is fixed (spec §2). */
export function AdminLoginPage() {
  return <LoginForm isAdmin />;
}
