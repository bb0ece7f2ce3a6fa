import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ErrorCode, validateNewPassword, type PasswordPolicy, DEFAULT_PASSWORD_POLICY } from '@delego/domain';
import { FormCard } from '../../components/form-card.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { translateIssueCode, translateServerMessage } from '../../lib/server-messages.ts';
import { usePasswordChangeByLink, usePasswordChangeLink } from './api/use-password-change-link.ts';
import { LinkStateView, type UnusableLinkState } from './link-state-view.tsx';

const RENEW_PATH = '/profile/password-forgotten';
const FIELDS = ['new_password', 'repeat_password'] as const;

/** The same policy check as the server's, so most mistakes show before sending. */
function passwordSchema(policy: PasswordPolicy) {
  return z.object({ new_password: z.string(), repeat_password: z.string() }).superRefine((values, ctx) => {
    const issues = validateNewPassword(values.new_password, policy, { path: ['new_password'], repeated: values.repeat_password });
    for (const issue of issues) {
      // Parameters (the minimum length) cannot travel through react-hook-form, so such texts
      // are translated here, at validation time, in the language of the moment.
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.params ? translateIssueCode(issue.code, issue.params) : issue.code });
    }
  });
}
type Schema = ReturnType<typeof passwordSchema>;

/** The state a failed change reveals, when the link became unusable meanwhile. */
function unusableStateOf(error: unknown): UnusableLinkState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.tokenExpired) return 'expired';
  if (error.code === ErrorCode.tokenUsed) return 'used';
  if (error.code === ErrorCode.tokenNotFound || error.status === 404) return 'notFound';
  return null;
}

function PolicyHints({ policy }: { policy: PasswordPolicy }) {
  const { t } = useTranslation('action-by-link');
  const hints = [
    t('policy.minLength', { count: policy.min_length }),
    policy.require_lowercase && t('policy.lowercase'),
    policy.require_uppercase && t('policy.uppercase'),
    policy.require_digit && t('policy.digit'),
    policy.require_special && t('policy.special'),
  ].filter((hint): hint is string => typeof hint === 'string');
  return (
    <Typography component="div" variant="body2" color="text.secondary">
      {t('policy.title')}
      <ul>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    </Typography>
  );
}

interface PasswordFormProps {
  token: string;
  login: string | undefined;
  policy: PasswordPolicy;
  onDone: () => void;
  onUnusable: (state: UnusableLinkState) => void;
}

function PasswordForm({ token, login, policy, onDone, onUnusable }: PasswordFormProps) {
  const { t } = useTranslation('action-by-link');
  const change = usePasswordChangeByLink();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => passwordSchema(policy), [policy]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { new_password: '', repeat_password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    change.mutate(
      { token, ...values },
      {
        onSuccess: onDone,
        onError: (error) => {
          const unusable = unusableStateOf(error);
          if (unusable) return onUnusable(unusable);
          if (applyServerIssues(error, form.setError, FIELDS) || !(error instanceof ApiError) || error.status === 0) return;
          setFormError(error.messages[0] ? translateServerMessage(error.messages[0]) : t('changeFailed'));
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      {login && <Typography>{t('forLogin', { login })}</Typography>}
      {formError && <Alert severity="error">{formError}</Alert>}
      <FormTextField control={form.control} name="new_password" type="password" label={t('newPassword')} autoComplete="new-password" autoFocus />
      <FormTextField control={form.control} name="repeat_password" type="password" label={t('repeatPassword')} autoComplete="new-password" />
      <PolicyHints policy={policy} />
      <Button type="submit" variant="contained" size="large" loading={change.isPending}>
        {t('submit')}
      </Button>
    </Stack>
  );
}

/** `/action-by-link/user/passwordChange/:token`: set a new password with a one-time e-mail link. */
export function PasswordChangeByLinkPage() {
  const { t } = useTranslation('action-by-link');
  const { token = '' } = useParams();
  const link = usePasswordChangeLink(token);
  const [outcome, setOutcome] = useState<'changed' | UnusableLinkState | null>(null);
  const title = t('passwordChange.title');

  if (outcome === 'changed') {
    return (
      <FormCard title={title}>
        <Stack spacing={3}>
          <Alert severity="success">{t('passwordChange.success')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('goToLogin')}
          </Button>
        </Stack>
      </FormCard>
    );
  }
  if (outcome) return <LinkStateView title={title} state={outcome} renewPath={RENEW_PATH} />;
  if (link.isPending) return <PageSpinner label={t('checking')} />;
  if (link.isError) {
    const unusable = unusableStateOf(link.error) ?? (link.error instanceof ApiError && link.error.status === 400 ? 'notFound' : null);
    if (unusable) return <LinkStateView title={title} state={unusable} renewPath={RENEW_PATH} />;
    return (
      <FormCard title={title}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void link.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('checkFailed')}
        </Alert>
      </FormCard>
    );
  }
  if (link.data.state !== 'valid') return <LinkStateView title={title} state={link.data.state} renewPath={RENEW_PATH} />;
  return (
    <FormCard title={title}>
      <PasswordForm
        token={token}
        login={link.data.login}
        policy={link.data.password_policy ?? DEFAULT_PASSWORD_POLICY}
        onDone={() => setOutcome('changed')}
        onUnusable={setOutcome}
      />
    </FormCard>
  );
}
