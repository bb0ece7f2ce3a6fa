import { useMemo, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AttachmentDto, SaveStandardResponse, UserProperties } from '@delego/contract';
import type { DelegationFormInput, Issue, SettlementConfirmation } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { MessageDialog } from '../../../components/feedback/message-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useFormOptions, useSaveSettlement } from '../api/settlements.ts';
import { draftStorage, type DraftStorage } from '../model/draft-storage.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { issueText } from '../model/messages.ts';
import { SettlementForm } from '../settlement-form.tsx';
import { AttachmentsProvider } from './attachments.tsx';
import { SettlementDetails } from './settlement-details.tsx';

/** Where the list of settlements is (spec §4: after a successful save the list reloads). */
export const LIST_PATH = '/delegation';

type SaveProblem = { kind: 'validation' } | { kind: 'unknown'; text: string; code: string; requestId?: string };

/** Spec §8: an unknown error whose message mentions validation is shown as the validation dialog. */
function problemOf(answer: Exclude<SaveStandardResponse, { status: 'OK' | 'confirm' }>, t: (key: string) => string): SaveProblem {
  if (answer.status === 'validationError' || /valid/i.test(answer.message)) return { kind: 'validation' };
  const text =
    answer.code === 'CONFLICT' ? t('save.conflict') : answer.code === 'document.refused.status' ? t('save.statusRefused') : t('save.unknownMessage');
  return { kind: 'unknown', text, code: answer.code, requestId: answer.request_id };
}

interface SettlementEditorProps {
  title: string;
  description: ReactNode;
  user: UserProperties;
  /** The draft's name: `new`, `order-{id}` or the settlement's id. */
  draftKey: string;
  initialValues: SettlementFormValues;
  /** The initial values already describe a trip (an order's, a saved settlement): calculate them at once. */
  calculateAtStart?: boolean;
  /** The version loaded, for a saved settlement. */
  version?: number;
  savedAttachments?: readonly AttachmentDto[];
  /** Shown above the form, e.g. why the settlement came back for correction. */
  notice?: ReactNode;
}

/**
 * The settlement form with saving (spec §7 `save-standard`, §8 dialogs): the rules the server checks
 * on save appear at their fields, nothing typed is lost on a failed save (the draft stays), and after
 * a successful save the draft is cleared and the list shown again.
 */
export function SettlementEditor({ title, description, user, draftKey, initialValues, calculateAtStart, version, savedAttachments = [], notice }: SettlementEditorProps) {
  const { t, i18n } = useTranslation('settlements');
  const navigate = useNavigate();
  const options = useFormOptions();
  const save = useSaveSettlement();
  const [saveIssues, setSaveIssues] = useState<readonly Issue[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  // A valid save the server wants confirmed (spec §5 'Limit exceeded'): the form as sent and what to confirm.
  const [confirming, setConfirming] = useState<{ form: DelegationFormInput; confirmations: readonly Issue[] } | null>(null);

  // The draft belongs to the employee being settled; a change to the form makes the last save's issues stale.
  const draft = useMemo<DraftStorage>(() => {
    const stored = draftStorage(user.context_user_id, draftKey);
    return {
      read: () => stored.read(),
      write: (values) => {
        stored.write(values);
        setSaveIssues((current) => (current.length === 0 ? current : []));
      },
      clear: () => stored.clear(),
    };
  }, [user.context_user_id, draftKey]);

  const onSave = (form: DelegationFormInput, confirmed: readonly SettlementConfirmation[] = []) => {
    save.mutate(
      { delegation: form as Record<string, unknown>, ...(version !== undefined ? { version } : {}), ...(confirmed.length > 0 ? { confirmed: [...confirmed] } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.status === 'OK') {
            draft.clear();
            setSaveIssues([]);
            enqueueSnackbar(t('editor.saved'), { variant: 'success' });
            void navigate(LIST_PATH);
            return;
          }
          if (answer.status === 'confirm') {
            // Said at its place in the form too, until the user confirms or changes the form.
            setSaveIssues(answer.confirmations);
            setConfirming({ form, confirmations: answer.confirmations });
            return;
          }
          if (answer.status === 'validationError') setSaveIssues(answer.issues);
          setProblem(problemOf(answer, t));
        },
        onError: (error) => {
          // 401 and 403 are handled by the app; anything else keeps the form and says what happened.
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
          const code = error instanceof ApiError ? error.code : 'UNKNOWN';
          const text = error instanceof ApiError && error.messages[0] ? translateServerMessage(error.messages[0]) : t('save.unknownMessage');
          setProblem({ kind: 'unknown', text, code, requestId: error instanceof ApiError ? error.requestId : undefined });
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} description={description} />
      {notice}
      <AttachmentsProvider saved={savedAttachments} maxMb={options.data?.settings.attachment_max_mb ?? 3} pdfOnly={options.data?.settings.pdf_attachment_only ?? false}>
        <SettlementForm
          key={draftKey}
          user={user}
          draft={draft}
          initialValues={initialValues}
          calculateAtStart={calculateAtStart}
          onSave={onSave}
          isSaving={save.isPending}
          extraIssues={saveIssues}
          generalExtras={<SettlementDetails />}
        />
      </AttachmentsProvider>
      <ConfirmDialog
        open={confirming !== null}
        title={t('save.confirmTitle')}
        message={[...(confirming?.confirmations ?? []).map((issue) => issueText(i18n, issue)), t('save.confirmQuestion')].join(' ')}
        confirmLabel={t('save.confirmSave')}
        isPending={save.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          setConfirming(null);
          onSave(confirming.form, confirming.confirmations.map((issue) => issue.code as SettlementConfirmation));
        }}
      />
      <MessageDialog
        open={problem !== null}
        title={problem?.kind === 'validation' ? t('save.validationTitle') : t('save.unknownTitle')}
        onClose={() => setProblem(null)}
      >
        {problem?.kind === 'validation' ? (
          <Typography>{t('save.validationMessage')}</Typography>
        ) : (
          <>
            <Typography>{problem?.text}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('save.errorCode', { code: problem?.code ?? '' })}
              {problem?.requestId ? ` · ${t('save.requestId', { requestId: problem.requestId })}` : ''}
            </Typography>
          </>
        )}
      </MessageDialog>
    </>
  );
}
