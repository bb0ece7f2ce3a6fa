import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLocalDate, validateSubstitute, type Issue } from '@delego/domain';
import type { Substitute } from '@delego/contract';
import { FormDateField } from '../../components/form/form-date-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { FormUserField, type UserOptionsSource } from '../../components/form/form-user-field.tsx';
import { issueResolver } from '../../components/form/issue-resolver.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';

export interface SubstituteFormValues {
  absent_user_id: string;
  substitute_user_id: string;
  date_from: string;
  date_to: string;
  comment: string;
}
const FIELDS = ['absent_user_id', 'substitute_user_id', 'date_from', 'date_to', 'comment'] as const;

/** What the dialog saves: ids and open ends as the API takes them. */
export interface SubstituteInput {
  id?: number;
  absent_user_id: number | null;
  substitute_user_id: number | null;
  date_from: string | null;
  date_to: string | null;
  comment: string;
}

const toId = (text: string) => (text === '' ? null : Number(text));
const toDay = (text: string) => (text === '' ? null : text);

/**
 * The substitute form (spec §3 Substitute): who is absent (the administrator chooses, everyone
 * else is absent themselves), who substitutes, an optional period and a comment.
 */
export function SubstituteDialog({
  substitute,
  absentUserId,
  source,
  isPending,
  onSave,
  onClose,
}: {
  substitute: Substitute | null;
  /** Fixed to the signed-in user on `/substitutes`; chosen on the administrator's screen when null. */
  absentUserId: number | null;
  source: UserOptionsSource;
  isPending: boolean;
  onSave: (input: SubstituteInput, onError: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('substitutes');
  const today = toLocalDate(new Date());
  const form = useForm<SubstituteFormValues>({
    defaultValues: {
      absent_user_id: substitute ? String(substitute.absent_user.id) : absentUserId === null ? '' : String(absentUserId),
      substitute_user_id: substitute ? String(substitute.substitute_user.id) : '',
      date_from: substitute?.date_from ?? '',
      date_to: substitute?.date_to ?? '',
      comment: substitute?.comment ?? '',
    },
    resolver: issueResolver((values: SubstituteFormValues): Issue[] =>
      validateSubstitute(
        { absent_user_id: toId(values.absent_user_id), substitute_user_id: toId(values.substitute_user_id), date_from: toDay(values.date_from), date_to: toDay(values.date_to), comment: values.comment },
        today,
        substitute ? { date_from: substitute.date_from, date_to: substitute.date_to } : null,
      ),
    ),
  });
  const onSubmit = form.handleSubmit((values) =>
    onSave(
      {
        ...(substitute ? { id: substitute.id } : {}),
        absent_user_id: toId(values.absent_user_id),
        substitute_user_id: toId(values.substitute_user_id),
        date_from: toDay(values.date_from),
        date_to: toDay(values.date_to),
        comment: values.comment.trim(),
      },
      (error) => void applyServerIssues(error, form.setError, FIELDS),
    ),
  );
  return (
    <FormDialog open title={t(substitute ? 'dialog.edit' : 'dialog.new')} onClose={onClose} onSubmit={onSubmit} isPending={isPending}>
      {absentUserId === null && <FormUserField control={form.control} name="absent_user_id" label={t('fields.absentUser')} source={source} />}
      <FormUserField control={form.control} name="substitute_user_id" label={t('fields.substituteUser')} source={source} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormDateField control={form.control} name="date_from" label={t('fields.dateFrom')} />
        <FormDateField control={form.control} name="date_to" label={t('fields.dateTo')} />
      </Box>
      <FormTextField control={form.control} name="comment" label={t('fields.comment')} multiline maxLength={1000} />
    </FormDialog>
  );
}
