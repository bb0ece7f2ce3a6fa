import { useId } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { delegationAdvanceApi, delegationFilesApi, type AttachmentDto } from '@delego/contract';
import { AttachedFile, AttachmentsProvider, FileListEditor } from '../settlements/components/attachments.tsx';

/** Where a file is downloaded from: the advance's route once saved with it, the upload's own before. */
function downloadPathOf(saved: boolean): string {
  return saved ? delegationAdvanceApi.attachment.path : delegationFilesApi.attachment.path;
}

/**
 * Spec §3 "Advance … files" while the advance is edited: add one (the company's size limit, PDF only
 * when it says so), open one, remove one; the advance's save keeps what is listed. Inside an
 * `AttachmentsProvider` holding the advance's saved files and the company's rules.
 */
export function AdvanceFilesField({ files, onChange, error }: { files: readonly number[]; onChange: (files: number[]) => void; error?: string }) {
  const { t } = useTranslation('delegation-advance');
  return (
    <FileListEditor
      files={files}
      onChange={onChange}
      place={{ section: 'advance' }}
      label={t('files')}
      addLabel={t('addFile')}
      error={error}
      downloadPathOf={downloadPathOf}
    />
  );
}

/** The advance's saved files, read-only: for the deciders' dialog and the list. */
export function AdvanceFileList({ files, labelled = true }: { files: readonly AttachmentDto[]; labelled?: boolean }) {
  const { t } = useTranslation('delegation-advance');
  const { t: ts } = useTranslation('settlements');
  const labelId = useId();
  return (
    <AttachmentsProvider saved={files} maxMb={0} pdfOnly={false}>
      <Stack spacing={0.5} role="group" aria-labelledby={labelled ? labelId : undefined} aria-label={labelled ? undefined : t('files')}>
        {labelled && (
          <Typography id={labelId} variant="body2" color="text.secondary">
            {t('files')}
          </Typography>
        )}
        {files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {ts('attachments.none')}
          </Typography>
        ) : (
          files.map((file) => <AttachedFile key={file.id} id={file.id} downloadPath={downloadPathOf(true)} />)
        )}
      </Stack>
    </AttachmentsProvider>
  );
}
