import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from './message-dialog.tsx';
import { DownloadError, downloadFile } from '../../lib/download-file.ts';

/**
 * Downloads a file (a document's PDF, an attachment, all files as a ZIP) and tells the user when it
 * fails (spec §8 "Files"): 'Brak załączonych plików.' titled 'Pobieranie plików' when a document has
 * no files, else 'Nie udało się pobrać pliku. Kod błędu: {status}'.
 */
export function useFileDownload(): { download: (path: string, query: Record<string, string | number>) => Promise<void>; isDownloading: boolean; dialog: ReactNode } {
  const { t } = useTranslation('common');
  const [failure, setFailure] = useState<{ noFiles: boolean; status: number } | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  const download = useCallback(async (path: string, query: Record<string, string | number>) => {
    setDownloading(true);
    try {
      await downloadFile(path, query);
    } catch (error) {
      const status = error instanceof DownloadError ? error.status : 0;
      setFailure({ noFiles: error instanceof DownloadError && error.reason === 'noFiles', status });
    } finally {
      setDownloading(false);
    }
  }, []);
  const dialog = (
    <MessageDialog open={failure !== null} title={t('download.title')} onClose={() => setFailure(null)}>
      {failure?.noFiles ? t('download.noFiles') : t('download.failed', { status: failure?.status ?? 0 })}
    </MessageDialog>
  );
  return { download, isDownloading, dialog };
}
