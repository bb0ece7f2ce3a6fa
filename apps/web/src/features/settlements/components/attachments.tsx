import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext, type Path } from 'react-hook-form';
import { delegationFilesApi, type AttachmentDto, type AttachmentSection } from '@delego/contract';
import { MessageDialog } from '../../../components/feedback/message-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deletePendingAttachment, uploadAttachment } from '../api/settlements.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { useFieldIssues } from './form-issues-context.tsx';
import { useIssueText } from './fields.tsx';
import { useFileDownload } from '../../../components/feedback/use-file-download.tsx';

const MEGABYTE = 1024 * 1024;
/** What the file picker offers; the server checks the content itself. */
const ANY_ALLOWED = '.pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif';
const PDF_ONLY = '.pdf,application/pdf';

interface AttachmentsValue {
  /** Files known by id: the settlement's saved ones and those uploaded here. */
  known: ReadonlyMap<number, AttachmentDto>;
  /** The ids saved with the settlement (removing one takes effect at the next save). */
  savedIds: ReadonlySet<number>;
  remember: (attachment: AttachmentDto) => void;
  maxMb: number;
  pdfOnly: boolean;
}

const DEFAULTS: AttachmentsValue = { known: new Map(), savedIds: new Set(), remember: () => undefined, maxMb: 3, pdfOnly: false };
const AttachmentsContext = createContext<AttachmentsValue>(DEFAULTS);

/** The settlement's files and the company's file rules, for every attachment field of the form. */
export function AttachmentsProvider({ saved, maxMb, pdfOnly, children }: { saved: readonly AttachmentDto[]; maxMb: number; pdfOnly: boolean; children: ReactNode }) {
  const [uploaded, setUploaded] = useState<ReadonlyMap<number, AttachmentDto>>(() => new Map());
  const remember = useCallback((attachment: AttachmentDto) => setUploaded((current) => new Map(current).set(attachment.id, attachment)), []);
  const value = useMemo<AttachmentsValue>(
    () => ({
      known: new Map([...saved.map((file) => [file.id, file] as const), ...uploaded]),
      savedIds: new Set(saved.map((file) => file.id)),
      remember,
      maxMb,
      pdfOnly,
    }),
    [saved, uploaded, remember, maxMb, pdfOnly],
  );
  return <AttachmentsContext.Provider value={value}>{children}</AttachmentsContext.Provider>;
}

function formatSize(bytes: number, language: string): string {
  const megabytes = bytes / MEGABYTE;
  const text = megabytes >= 0.1 ? `${megabytes.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return language.startsWith('pl') ? text.replace('.', ',') : text;
}

/** Picks a file, checks what the browser can check (size, PDF only), and uploads it. */
export function useUpload(place: { section: AttachmentSection; itemKey?: string }, onUploaded: (attachment: AttachmentDto) => void) {
  const { t, i18n } = useTranslation('settlements');
  const { maxMb, pdfOnly, remember } = useContext(AttachmentsContext);
  const [isUploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<{ text: string; code: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    // Checked here to spare the transfer; the server checks again, by the content.
    if (file.size > maxMb * MEGABYTE) {
      setFailure({ text: t('attachments.tooLarge', { max: maxMb }), code: 'attachment.tooLarge' });
      return;
    }
    if (pdfOnly && !/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      setFailure({ text: t('attachment.pdfOnly'), code: 'attachment.pdfOnly' });
      return;
    }
    setUploading(true);
    try {
      const attachment = await uploadAttachment(file, place);
      remember(attachment);
      onUploaded(attachment);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues[0] : undefined;
      const code = issue?.code ?? (error instanceof ApiError ? error.code : 'NETWORK_ERROR');
      const text = issue && i18n.exists(issue.code, { ns: 'settlements' }) ? t(issue.code, { ...issue.params, max: issue.params?.max_mb ?? maxMb }) : t('attachments.uploadFailed');
      setFailure({ text, code });
    } finally {
      setUploading(false);
    }
  };

  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      accept={pdfOnly ? PDF_ONLY : ANY_ALLOWED}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void upload(file);
      }}
    />
  );
  const dialog = (
    <MessageDialog open={failure !== null} title={t('attachments.uploadFailedTitle')} onClose={() => setFailure(null)}>
      <Typography>{failure?.text}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('attachments.errorCode', { code: failure?.code ?? '' })}
      </Typography>
    </MessageDialog>
  );
  return { open: () => input.current?.click(), isUploading, picker, dialog, hint: pdfOnly ? t('attachments.hintPdf', { max: maxMb }) : t('attachments.hint', { max: maxMb }) };
}

/** The button that opens the file picker of `useUpload`, with the size and format rule beside it. */
export function UploadButton({ upload, label }: { upload: Pick<ReturnType<typeof useUpload>, 'open' | 'isUploading' | 'hint'>; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={upload.isUploading ? <CircularProgress size={14} /> : <AttachFileIcon />} disabled={upload.isUploading} onClick={upload.open}>
        {label}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {upload.hint}
      </Typography>
    </Box>
  );
}

/**
 * One attached file: its name (downloads it, from `downloadPath` when its document has a route of its own),
 * size, and a way to remove it from the form.
 */
export function AttachedFile({ id, onRemove, removeLabel, downloadPath = delegationFilesApi.attachment.path }: { id: number; onRemove?: () => void; removeLabel?: string; downloadPath?: string }) {
  const { t, i18n } = useTranslation('settlements');
  const { known } = useContext(AttachmentsContext);
  const { download, dialog } = useFileDownload();
  const file = known.get(id);
  const name = file?.file_name ?? t('attachments.unnamed', { id });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <AttachFileIcon fontSize="small" color="action" aria-hidden />
      <Link component="button" type="button" onClick={() => void download(downloadPath, { id })} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Link>
      {file && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatSize(file.size_bytes, i18n.language)}
        </Typography>
      )}
      {onRemove && (
        <Tooltip title={removeLabel ?? t('attachments.remove', { name })}>
          <IconButton size="small" aria-label={removeLabel ?? t('attachments.remove', { name })} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {dialog}
    </Box>
  );
}

type FileIdField = Extract<Path<SettlementFormValues>, `${string}.file_id`>;

/** Spec §5 "Files": the bill or ticket of a transport segment, an accommodation or another cost. */
export function AttachmentField({ name, section, label }: { name: FileIdField; section: Exclude<AttachmentSection, 'document'>; label: string }) {
  const { t } = useTranslation('settlements');
  const labelId = useId();
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const { savedIds } = useContext(AttachmentsContext);
  const { issues } = useFieldIssues(name);
  const errorText = useIssueText(issues);
  const itemKey = name.slice(0, -'.file_id'.length);
  const upload = useUpload({ section, itemKey }, (attachment) => field.onChange(attachment.id));
  const value = typeof field.value === 'number' ? field.value : null;
  const remove = () => {
    if (value !== null && !savedIds.has(value)) void deletePendingAttachment(value).catch(() => undefined);
    field.onChange(null);
  };
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {value !== null ? (
        <AttachedFile id={value} onRemove={remove} />
      ) : (
        <UploadButton upload={upload} label={t('attachments.add')} />
      )}
      {errorText && (
        <Typography variant="caption" color="error" role="alert">
          {errorText}
        </Typography>
      )}
      {upload.picker}
      {upload.dialog}
    </Box>
  );
}

type FileListField = 'meta.files' | `advances.${number}.files`;

/**
 * An editable list of attached files: add one, open one, remove one. An upload no saved document holds is deleted
 * at once when removed; a saved file goes with the next save. `downloadPathOf` names where a file is opened from
 * when its document has a route of its own for saved files (an advance's).
 */
export function FileListEditor({
  files,
  onChange,
  place,
  addLabel,
  label,
  error,
  downloadPathOf,
}: {
  files: readonly number[];
  onChange: (files: number[]) => void;
  place: { section: AttachmentSection; itemKey?: string };
  addLabel: string;
  label?: string;
  error?: string;
  downloadPathOf?: (saved: boolean) => string;
}) {
  const { t } = useTranslation('settlements');
  const labelId = useId();
  const { savedIds } = useContext(AttachmentsContext);
  const upload = useUpload(place, (attachment) => onChange([...files, attachment.id]));
  return (
    <Stack spacing={1} {...(label ? { role: 'group', 'aria-labelledby': labelId } : {})}>
      {label && (
        <Typography id={labelId} variant="body2" color="text.secondary">
          {label}
        </Typography>
      )}
      {files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('attachments.none')}
        </Typography>
      )}
      {files.map((id) => (
        <AttachedFile
          key={id}
          id={id}
          downloadPath={downloadPathOf?.(savedIds.has(id))}
          onRemove={() => {
            if (!savedIds.has(id)) void deletePendingAttachment(id).catch(() => undefined);
            onChange(files.filter((other) => other !== id));
          }}
        />
      ))}
      <UploadButton upload={upload} label={addLabel} />
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
      {upload.picker}
      {upload.dialog}
    </Stack>
  );
}

/** A settlement form's list of files, bound to its field. */
function FileList({ name, place, addLabel, label }: { name: FileListField; place: { section: AttachmentSection; itemKey?: string }; addLabel: string; label?: string }) {
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const files = Array.isArray(field.value) ? (field.value as number[]) : [];
  return <FileListEditor files={files} onChange={field.onChange} place={place} addLabel={addLabel} label={label} />;
}

/** Files attached to the settlement as a whole (step 4 "summary and attachments"). */
export function DocumentAttachments() {
  const { t } = useTranslation('settlements');
  return <FileList name="meta.files" place={{ section: 'document' }} addLabel={t('attachments.addToSettlement')} />;
}

/** Spec §3 "Advance … files": e.g. the transfer confirmation, saved with the settlement. */
export function AdvanceAttachments({ index, number }: { index: number; number: number }) {
  const { t } = useTranslation('settlements');
  return (
    <FileList
      name={`advances.${index}.files`}
      place={{ section: 'advance', itemKey: `advance.${index}` }}
      label={t('attachments.advanceFiles', { number })}
      addLabel={t('attachments.addToAdvance', { number })}
    />
  );
}

/** The files of a saved settlement, for the read-only and decision screens. */
export function AttachmentList({ attachments }: { attachments: readonly AttachmentDto[] }) {
  const { t } = useTranslation('settlements');
  if (attachments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('attachments.none')}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5}>
      {attachments.map((file) => (
        <Box key={file.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <AttachedFile id={file.id} />
          <Typography variant="caption" color="text.secondary">
            {t(`attachments.section.${file.section}`, { place: file.item_key ?? '' })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
