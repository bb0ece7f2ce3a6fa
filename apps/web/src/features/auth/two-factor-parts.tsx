import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { oneTimeCodeField } from '@delego/contract';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerIssues } from '../../lib/form-errors.ts';

const codeSchema = z.object({ code: oneTimeCodeField });
type CodeSchema = typeof codeSchema;

/** The secret in groups of four, as authenticator apps print it: easier to type by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A new authenticator's secret: the QR code to scan and the same secret as text to type. */
export function EnrolmentPicture({ secret, qrCode }: { secret: string; qrCode: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('twoFactor.scan')}</Typography>
      <Box component="img" src={qrCode} alt={t('twoFactor.qrAlt')} sx={{ width: 200, height: 200, maxWidth: '100%', bgcolor: 'common.white' }} />
      <Typography>{t('twoFactor.typeInstead')}</Typography>
      <Typography component="p" aria-label={t('twoFactor.secretLabel')} sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all' }}>
        {groupedSecret(secret)}
      </Typography>
    </Stack>
  );
}

interface CodeFormProps {
  /** The field's label: an authenticator code only, or a code or a recovery code. */
  label: string;
  helperText?: string;
  submitLabel: string;
  pending: boolean;
  /** Sends the code; `showError` puts the server's field issues at the field (true when it did). */
  onCode: (code: string, showError: (error: unknown) => boolean) => void;
}

/** One field for a one-time code and its button; the server's refusal is shown at the field, translated. */
export function OneTimeCodeForm({ label, helperText, submitLabel, pending, onCode }: CodeFormProps) {
  const form = useForm<z.input<CodeSchema>, unknown, z.output<CodeSchema>>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) => onCode(values.code, (error) => applyServerIssues(error, form.setError, ['code'])));
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <FormTextField control={form.control} name="code" label={label} helperText={helperText} autoComplete="one-time-code" maxLength={32} autoFocus />
      <Button type="submit" variant="contained" loading={pending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** The recovery codes, shown once: after this screen only their hashes exist. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2}>
      <Typography>{t('twoFactor.recoveryIntro', { count: codes.length })}</Typography>
      <List dense aria-label={t('twoFactor.recoveryListLabel')} sx={{ columns: 2, fontFamily: 'monospace', py: 0 }}>
        {codes.map((code) => (
          <ListItem key={code} disableGutters sx={{ fontFamily: 'monospace', fontSize: '1.05rem' }}>
            {code}
          </ListItem>
        ))}
      </List>
      <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
