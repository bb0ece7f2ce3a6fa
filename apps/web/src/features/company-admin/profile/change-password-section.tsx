import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changeMyPasswordRequestSchema } from '@delego/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useChangeMyPassword } from '../api/users.ts';

const REQUIRED = 'global.error.required';
// The company's policy is checked by the server (its issues appear at the new-password field); here only what needs no policy.
const schema = changeMyPasswordRequestSchema
  .extend({
    new_password: z.string().min(1, REQUIRED).max(256),
    repeat_password: z.string().min(1, REQUIRED).max(256),
  })
  .refine((values) => values.new_password === values.repeat_password, { path: ['repeat_password'], message: 'validation.password.mismatch' });
type Schema = typeof schema;
const FIELDS = ['password', 'new_password', 'repeat_password'] as const;
const EMPTY = { password: '', new_password: '', repeat_password: '' };

/** The profile's password change: current, new and repeated; the user's other sessions end on success. */
export function ChangePasswordForm() {
  const { t } = useTranslation('myProfile');
  const change = useChangeMyPassword();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    change.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        setOutcome({ severity: 'success', text: t('passwordChange.success') });
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, FIELDS)) return;
        const message = error instanceof ApiError && error.status !== 0 ? error.messages[0] : undefined;
        setOutcome({ severity: 'error', text: message ? translateServerMessage(message) : t('passwordChange.failed') });
      },
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ maxWidth: 420 }}>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'success' ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
      <FormTextField control={form.control} name="password" type="password" label={t('passwordChange.currentPassword')} autoComplete="current-password" />
      <FormTextField control={form.control} name="new_password" type="password" label={t('passwordChange.newPassword')} autoComplete="new-password" />
      <FormTextField control={form.control} name="repeat_password" type="password" label={t('passwordChange.repeatPassword')} autoComplete="new-password" />
      <Typography variant="body2" color="text.secondary">
        {t('passwordChange.otherSessionsHint')}
      </Typography>
      <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('passwordChange.submit')}
      </Button>
    </Stack>
  );
}
