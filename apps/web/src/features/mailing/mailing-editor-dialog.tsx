import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { MAILING_BODY_MAX_LENGTH, MAILING_SUBJECT_MAX_LENGTH, validateMailing } from '@delego/domain';
import type { MailingDetail } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelectField } from '../../components/form/form-select-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { issueResolver } from '../../components/form/issue-resolver.ts';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useMailingLists, useSaveMailing } from './api/mailing.ts';

interface MailingFormValues {
  /** The list's id as text; '' while none is chosen. */
  list_id: string;
  subject_pl: string;
  body_pl: string;
  subject_en: string;
  body_en: string;
}

const FIELDS = ['list_id', 'subject_pl', 'body_pl', 'subject_en', 'body_en'] as const;
type Language = 'pl' | 'en';
const LANGUAGE_FIELDS: Record<Language, (keyof MailingFormValues)[]> = { pl: ['subject_pl', 'body_pl'], en: ['subject_en', 'body_en'] };

const bodyOf = (values: MailingFormValues) => ({ ...values, list_id: values.list_id === '' ? null : Number(values.list_id) });
const resolver = issueResolver<MailingFormValues>((values) => validateMailing(bodyOf(values)));

/** The language tab holding the first field in error, so a message in the other language is not left unseen. */
function tabWithError(errors: FieldErrors<MailingFormValues>): Language | null {
  if (LANGUAGE_FIELDS.pl.some((field) => errors[field])) return 'pl';
  if (LANGUAGE_FIELDS.en.some((field) => errors[field])) return 'en';
  return null;
}

/** A draft mailing: its list, and its subject and plain-text body in Polish and in English, each on its tab. */
export function MailingEditorDialog({ mailing, onClose, onSaved }: { mailing: MailingDetail | null; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation('mailing');
  const save = useSaveMailing();
  const lists = useMailingLists({ page_size: 200, sort: 'name' });
  const [language, setLanguage] = useState<Language>('pl');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MailingFormValues>({
    defaultValues: {
      list_id: mailing?.list_id ? String(mailing.list_id) : '',
      subject_pl: mailing?.subject_pl ?? '',
      body_pl: mailing?.body_pl ?? '',
      subject_en: mailing?.subject_en ?? '',
      body_en: mailing?.body_en ?? '',
    },
    resolver,
  });
  const { errors } = form.formState;
  const listOptions = (lists.data?.items ?? []).map((list) => ({ value: String(list.id), label: list.name }));
  // The draft's own list is an option before the lists arrive (and if it is beyond the first page of them).
  if (mailing?.list_id && !listOptions.some((option) => option.value === String(mailing.list_id))) listOptions.unshift({ value: String(mailing.list_id), label: mailing.list_name });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormError(null);
      save.mutate(
        { ...(mailing ? { id: mailing.id } : {}), ...bodyOf(values) },
        {
          onSuccess: ({ id }) => {
            enqueueSnackbar(t('editor.saved'));
            onSaved(id);
          },
          onError: (error) => {
            if (applyServerIssues(error, form.setError, FIELDS)) {
              const tab = tabWithError(form.formState.errors);
              if (tab) setLanguage(tab);
            } else setFormError(firstIssueText(error) ?? translateIssueCode(''));
          },
        },
      );
    },
    (invalid) => {
      const tab = tabWithError(invalid);
      if (tab) setLanguage(tab);
    },
  );

  const tabLabel = (tab: Language) => {
    const hasError = LANGUAGE_FIELDS[tab].some((field) => errors[field]);
    return hasError ? t('editor.tabWithError', { language: t(`editor.languages.${tab}`) }) : t(`editor.languages.${tab}`);
  };

  return (
    <FormDialog open title={t(mailing ? 'editor.editTitle' : 'editor.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError} maxWidth="md">
      <FormSelectField control={form.control} name="list_id" label={t('editor.list')} options={listOptions} helperText={listOptions.length === 0 ? t('editor.noLists') : undefined} />
      <Tabs value={language} onChange={(_event, value: Language) => setLanguage(value)} aria-label={t('editor.languageTabs')} variant="fullWidth">
        {(['pl', 'en'] as const).map((tab) => (
          <Tab key={tab} value={tab} id={`mailing-tab-${tab}`} aria-controls={`mailing-panel-${tab}`} label={tabLabel(tab)} sx={LANGUAGE_FIELDS[tab].some((field) => errors[field]) ? { color: 'error.main' } : undefined} />
        ))}
      </Tabs>
      {(['pl', 'en'] as const).map((tab) => (
        // Both panels stay mounted, so each field keeps its value and its message while the other tab is shown.
        <Box key={tab} role="tabpanel" id={`mailing-panel-${tab}`} aria-labelledby={`mailing-tab-${tab}`} hidden={language !== tab} sx={{ display: language === tab ? 'grid' : 'none', gap: 2 }}>
          <FormTextField control={form.control} name={tab === 'pl' ? 'subject_pl' : 'subject_en'} label={t(`editor.subject_${tab}`)} maxLength={MAILING_SUBJECT_MAX_LENGTH} required />
          <FormTextField
            control={form.control}
            name={tab === 'pl' ? 'body_pl' : 'body_en'}
            label={t(`editor.body_${tab}`)}
            helperText={t('editor.bodyHint')}
            maxLength={MAILING_BODY_MAX_LENGTH}
            multiline
            required
          />
        </Box>
      ))}
    </FormDialog>
  );
}
