import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TRAVEL_MAIL_SUBJECT_MAX_LENGTH, TRAVEL_MAIL_SUBJECT_TAGS, renderTravelMailSubject, travelMailSubjectIssues, type TravelMailSubjectTag } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useSaveTravelMailSubject, useTravelMailSubject } from '../api/travel-service.ts';
import { refusalText } from '../shared/server-errors.ts';
import { TravelServiceHeader } from './travel-service-header.tsx';

/**
 * `/settings/travel-service/mail-subject`: the subject of travel-service e-mails, with tags the
 * order's values replace. Unknown tags are named as they are typed, and the preview shows the
 * subject with sample values.
 */
export function TravelMailSubjectPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const user = useCurrentUser();
  const subject = useTravelMailSubject();
  const save = useSaveTravelMailSubject();
  const [template, setTemplate] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (subject.data) setTemplate(subject.data.template);
  }, [subject.data]);

  const issues = travelMailSubjectIssues(template.trim());
  const fieldError = issues.length > 0 ? issues.map((issue) => translateIssueCode(issue.code, issue.params)).join(' ') : serverError;
  const samples: Record<TravelMailSubjectTag, string> = {
    order_number: t('travel.mailSubject.samples.orderNumber'),
    traveller: t('travel.mailSubject.samples.traveller'),
    service_type: t('travel.mailSubject.samples.serviceType'),
    start_date: '2026-05-04',
    end_date: '2026-05-07',
    destination: t('travel.mailSubject.samples.destination'),
    status: t('travel.mailSubject.samples.status'),
    company: user.company_name,
  };

  const insertTag = (tag: TravelMailSubjectTag) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? template.length;
    const end = input?.selectionEnd ?? template.length;
    const text = `{${tag}}`;
    setTemplate(`${template.slice(0, start)}${text}${template.slice(end)}`);
    setServerError(null);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const onSave = () => {
    if (issues.length > 0) {
      inputRef.current?.focus();
      return;
    }
    save.mutate(template, {
      onSuccess: () => enqueueSnackbar(t('travel.mailSubject.saved')),
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues.find((candidate) => candidate.path[0] === 'template') : undefined;
        setServerError(issue ? translateIssueCode(issue.code, issue.params) : refusalText(error));
      },
    });
  };

  return (
    <>
      <TravelServiceHeader title={tr('settings.travelServiceMailSubject')} description={t('travel.mailSubject.description')} />
      {subject.isPending && <PageSpinner />}
      {subject.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {subject.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            <TextField
              fullWidth
              label={t('travel.mailSubject.template')}
              value={template}
              inputRef={inputRef}
              onChange={(event) => {
                setTemplate(event.target.value);
                setServerError(null);
              }}
              error={Boolean(fieldError)}
              helperText={fieldError ?? t('travel.mailSubject.templateHelp', { max: TRAVEL_MAIL_SUBJECT_MAX_LENGTH })}
              slotProps={{ htmlInput: { maxLength: TRAVEL_MAIL_SUBJECT_MAX_LENGTH } }}
            />
            <Box>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                {t('travel.mailSubject.tags')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {TRAVEL_MAIL_SUBJECT_TAGS.map((tag) => (
                  <Chip key={tag} variant="outlined" label={`{${tag}}`} onClick={() => insertTag(tag)} aria-label={t('travel.mailSubject.insertTag', { tag: t(`travel.mailSubject.tagNames.${tag}`) })} title={t(`travel.mailSubject.tagNames.${tag}`)} />
                ))}
              </Stack>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                {t('travel.mailSubject.preview')}
              </Typography>
              <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} aria-live="polite" data-testid="mail-subject-preview">
                {issues.length === 0 ? renderTravelMailSubject(template, samples) : <Typography color="text.secondary">{t('travel.mailSubject.previewUnavailable')}</Typography>}
              </Paper>
            </Box>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                onClick={() => {
                  setTemplate(subject.data.default_template);
                  setServerError(null);
                }}
              >
                {t('travel.mailSubject.restoreDefault')}
              </Button>
              <Button variant="contained" onClick={onSave} loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </>
  );
}
