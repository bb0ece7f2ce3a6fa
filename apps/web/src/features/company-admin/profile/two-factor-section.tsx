import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TwoFactorStatus } from '@delego/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import {
  useRegenerateRecoveryCodes,
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorStart,
  useTwoFactorStatus,
} from '../../auth/api/use-two-factor.ts';
import { EnrolmentPicture, OneTimeCodeForm, RecoveryCodes } from '../../auth/two-factor-parts.tsx';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';

const SECTION_ID = 'profile-two-factor';

/** A refusal that is no field's (e.g. too many attempts): its catalogue text, or the generic one. */
function otherFailureText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  return translateServerMessage(error.messages[0] ?? '');
}

/**
 * The user's own two-factor sign-in on `/profile/my-profile` (ADR 0026): turn it on (QR code and key,
 * confirmed by a first code, then the recovery codes shown once), or, when on, new recovery codes or
 * turning it off, each confirmed by the current password or a code.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('myProfile');
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (status.isError) body = <LoadFailedAlert onRetry={() => status.refetch()} />;
  else if (!status.data) body = <PageSpinner />;
  else if (codes) body = <RecoveryCodes codes={codes} doneLabel={t('twoFactor.recoveryDone')} onDone={() => setCodes(null)} />;
  else if (status.data.enabled) body = <EnabledFactor status={status.data} onCodes={setCodes} onDisabled={() => setNotice(t('twoFactor.disabled'))} />;
  else body = <Enrolment status={status.data} onEnabled={(issued) => (setCodes(issued), setNotice(t('twoFactor.enabled')))} />;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={SECTION_ID} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography id={SECTION_ID} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('twoFactor.title')}
      </Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {body}
    </Paper>
  );
}

function Enrolment({ status, onEnabled }: { status: TwoFactorStatus; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('myProfile');
  const { t: ta } = useTranslation('auth');
  const start = useTwoFactorStart();
  const confirm = useTwoFactorConfirm();
  if (!start.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('twoFactor.off')}</Typography>
        {status.required && <Alert severity="info">{ta('twoFactor.enrolmentRequired')}</Alert>}
        <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
          {t('twoFactor.enable')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <EnrolmentPicture secret={start.data.secret} qrCode={start.data.qr_code} />
      <OneTimeCodeForm
        label={ta('twoFactor.firstCode')}
        submitLabel={ta('twoFactor.confirmEnrolment')}
        pending={confirm.isPending}
        onCode={(code, showAtField) =>
          confirm.mutate({ code }, { onSuccess: (answer) => (start.reset(), onEnabled(answer.recovery_codes)), onError: (error) => showAtField(error) })
        }
      />
      <Button onClick={() => start.reset()} sx={{ alignSelf: 'flex-start' }}>
        {t('twoFactor.cancel')}
      </Button>
    </Stack>
  );
}

const confirmationSchema = z.object({ confirmation: z.string().min(1, 'global.error.required').max(256) });
type ConfirmationSchema = typeof confirmationSchema;

function EnabledFactor({ status, onCodes, onDisabled }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void; onDisabled: () => void }) {
  const { t } = useTranslation('myProfile');
  const disable = useTwoFactorDisable();
  const regenerate = useRegenerateRecoveryCodes();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<ConfirmationSchema>, unknown, z.output<ConfirmationSchema>>({ resolver: zodResolver(confirmationSchema), defaultValues: { confirmation: '' } });
  const onError = (error: unknown) => {
    if (!applyServerIssues(error, form.setError, ['confirmation'])) setFailure(otherFailureText(error));
  };
  const submit = (action: 'regenerate' | 'disable') =>
    form.handleSubmit(({ confirmation }) => {
      setFailure(null);
      if (action === 'regenerate') regenerate.mutate({ confirmation }, { onSuccess: (answer) => (form.reset(), onCodes(answer.recovery_codes)), onError });
      else disable.mutate({ confirmation }, { onSuccess: () => (form.reset(), onDisabled()), onError });
    });
  return (
    <Stack spacing={2}>
      <Typography>{t('twoFactor.on')}</Typography>
      {status.required && <Typography color="text.secondary">{t('twoFactor.required')}</Typography>}
      <Typography>{t('twoFactor.recoveryLeft', { count: status.recovery_codes_left })}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack component="form" noValidate onSubmit={submit('regenerate')} spacing={2} sx={{ maxWidth: 420 }}>
        <FormTextField control={form.control} name="confirmation" type="password" label={t('twoFactor.confirmation')} autoComplete="current-password" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button type="submit" variant="outlined" loading={regenerate.isPending}>
            {t('twoFactor.regenerate')}
          </Button>
          <Button color="error" variant="outlined" loading={disable.isPending} onClick={submit('disable')}>
            {t('twoFactor.disable')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
