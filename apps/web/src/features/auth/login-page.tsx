import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { SignInStep } from '@delego/contract';
import { ADMIN_COMPANY_CODE } from '@delego/domain';
import { FormCard } from '../../components/form-card.tsx';
import { LightTextField } from '../../components/form/light-text-field.tsx';
import { reportNetworkError } from '../../lib/api-client.ts';
import { applyServerIssues, translateFieldMessage } from '../../lib/form-errors.ts';
import { externalNavigation, externalReturnUrl } from '../../lib/external-system.ts';
import { returnPathAfterLogin } from '../../lib/return-path.ts';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useSession } from '../../lib/session.tsx';
import { signIn, useGeneralSettings } from './api/sign-in.ts';
import { LoginFailureDialog, loginFailureOf, type LoginFailure } from './login-failure-dialog.tsx';
import type { PasswordExpiredState } from './password-expired-page.tsx';

// Only after a password accepted with two-factor sign-in on: its forms (and their schemas) stay off the login route,
// and so does the query client its calls need (issue 13).
const SignInSecondStep = lazy(() =>
  Promise.all([import('./sign-in-second-step.tsx'), import('../../lib/query-layer.tsx')]).then(([{ SignInSecondStep: step }, { withQueryClient }]) => ({
    default: withQueryClient(step),
  })),
);

const FIELDS = ['company', 'username', 'password'] as const;
type LoginField = (typeof FIELDS)[number];
type LoginValues = Record<LoginField, string>;
type LoginErrors = Partial<Record<LoginField, string>>;
/** Spec §6: flags where 2 means true. */
const FLAG_ON = 2;

/**
 * The contract's login schema, fetched when the form is first sent: the login route renders without zod (issue 13),
 * and the messages at the fields are still the schema's own, so the form says exactly what the server would.
 */
async function validateLogin(values: LoginValues): Promise<{ errors: LoginErrors } | { values: LoginValues }> {
  const { loginRequestSchema } = await import('@delego/contract/auth');
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * The login form keeps its three fields in plain state, without react-hook-form and MUI's TextField, which would
 * weigh on the route every user opens first (issue 13). An error shows under its field until the field is edited.
 */
function LoginForm({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const generalSettings = useGeneralSettings();
  const [values, setValues] = useState<LoginValues>({ company: isAdmin ? ADMIN_COMPANY_CODE : '', username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isValidating, setValidating] = useState(false);
  const [isSigningIn, setSigningIn] = useState(false);
  const inputs: Record<LoginField, RefObject<HTMLInputElement | null>> = { company: useRef(null), username: useRef(null), password: useRef(null) };
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [secondStep, setSecondStep] = useState<SignInStep | null>(null);
  const [stepExpired, setStepExpired] = useState(false);

  // Already logged in (or just logged in): go where the login was meant to lead.
  if (session.state.status === 'logged') return <Navigate to={returnPathAfterLogin(location.pathname)} replace />;

  const change = (field: LoginField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _edited, ...others }) => others);
  };

  const showErrors = (found: LoginErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setValidating(true);
    const checked = await validateLogin(values)
      .catch(() => {
        // The schema's fetch failed (the connection dropped): said like any call's, and tried again at the next send.
        reportNetworkError();
        return null;
      })
      .finally(() => setValidating(false));
    if (!checked) return;
    if ('errors' in checked) return showErrors(checked.errors);
    setSigningIn(true);
    await signIn(checked.values)
      .then(
        (answer) => {
          setStepExpired(false);
          if ('access_token' in answer) session.login(answer);
          else setSecondStep(answer);
        },
        (error: unknown) => {
          const fromServer: LoginErrors = {};
          if (applyServerIssues(error, (field, { message }) => (fromServer[field as LoginField] = message), FIELDS)) return showErrors(fromServer);
          setFailure(loginFailureOf(error));
        },
      )
      .finally(() => setSigningIn(false));
  };

  const goToPasswordChange = () => {
    const state: PasswordExpiredState = { company: values.company, username: values.username };
    navigate('/password-expired', { state });
  };

  // The company may forbid the browser from remembering the password (login_password_save).
  const mayRememberPassword = generalSettings ? generalSettings.login_password_save === FLAG_ON : true;
  const fieldProps = (field: LoginField) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: errors[field] && translateFieldMessage(errors[field]),
    inputRef: inputs[field],
  });

  if (secondStep) {
    return (
      <FormCard title={t(secondStep.second_step === 'code' ? 'twoFactor.codeTitle' : 'twoFactor.enrolmentTitle')} subtitle={t('login.subtitle')}>
        <Suspense fallback={<PageSpinner />}>
          <SignInSecondStep
            step={secondStep}
            onSignedIn={(answer) => session.login(answer)}
            onRestart={(reason) => {
              setValues((current) => ({ ...current, password: '' }));
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
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {stepExpired && <Alert severity="warning">{t('twoFactor.stepExpired')}</Alert>}
        <LightTextField {...fieldProps('company')} label={t('login.company')} autoComplete="organization" readOnly={isAdmin} autoFocus={!isAdmin} />
        <LightTextField {...fieldProps('username')} label={t('login.username')} autoComplete="username" autoFocus={isAdmin} />
        <LightTextField
          {...fieldProps('password')}
          type="password"
          label={t('login.password')}
          autoComplete={mayRememberPassword ? 'current-password' : 'off'}
        />
        <Button type="submit" variant="contained" size="large" loading={isSigningIn || isValidating}>
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
