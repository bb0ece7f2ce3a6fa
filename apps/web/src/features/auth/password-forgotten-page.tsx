import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { loginRequestSchema } from '@delego/contract';
import { FormCard } from '../../components/form-card.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { usePasswordForgotten } from './api/use-login.ts';

const schema = loginRequestSchema.pick({ company: true, username: true });
type Schema = typeof schema;
const FIELDS = ['company', 'username'] as const;

/**
 * `/profile/password-forgotten`. The answer never says whether the account exists, so the
 * confirmation is worded for both cases (spec §9: the e-mail arrives within 5 minutes).
 */
export function PasswordForgottenPage() {
  const { t } = useTranslation('auth');
  const request = usePasswordForgotten();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { company: '', username: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    request.mutate(values, {
      onError: (error) => {
        if (applyServerIssues(error, form.setError, FIELDS) || !(error instanceof ApiError) || error.status === 0) return;
        if (error.status === 429) setFormError(t('passwordForgotten.tooManyAttempts'));
        else setFormError(error.messages[0] ? translateServerMessage(error.messages[0]) : t('passwordForgotten.failed'));
      },
    });
  });

  if (request.isSuccess) {
    return (
      <FormCard title={t('passwordForgotten.sentTitle')}>
        <Stack spacing={3}>
          <Alert severity="success">{t('passwordForgotten.sent')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('backToLogin')}
          </Button>
        </Stack>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('passwordForgotten.title')} subtitle={t('passwordForgotten.intro')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {formError && <Alert severity="warning">{formError}</Alert>}
        <FormTextField control={form.control} name="company" label={t('login.company')} autoComplete="organization" autoFocus />
        <FormTextField control={form.control} name="username" label={t('login.username')} autoComplete="username" />
        <Button type="submit" variant="contained" size="large" loading={request.isPending}>
          {t('passwordForgotten.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {t('backToLogin')}
        </Link>
      </Stack>
    </FormCard>
  );
}
