import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KsefImportResult } from '@delego/contract';
import { formatMoneyText } from '@delego/domain';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useKsefImport } from './api/invoices.ts';
import { MatchStatusChip } from './invoice-parts.tsx';

/**
 * Receives KSeF FA(3) invoices (one XML or a ZIP of many): each is matched to the trip it most likely
 * belongs to; the answer lists what came in with its match, what was already received, and what was
 * refused and why. Finance confirms each match on the invoice's details.
 */
export function KsefImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('invoices');
  const titleId = useId();
  const importer = useKsefImport();
  const [result, setResult] = useState<KsefImportResult | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const close = () => {
    if (importer.isPending) return;
    setResult(null);
    setFailure(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('ksef.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('ksef.intro')}</Typography>
          <Button variant="outlined" component="label" loading={importer.isPending}>
            {t('ksef.choose')}
            <input
              hidden
              type="file"
              accept=".xml,.zip,application/xml,text/xml,application/zip"
              aria-label={t('ksef.choose')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setResult(null);
                setFailure(null);
                importer.mutate(file, {
                  onSuccess: setResult,
                  onError: (error) =>
                    setFailure(
                      error instanceof ApiError && error.issues.length > 0
                        ? error.issues.slice(0, 20).map((issue) => translateIssueCode(issue.code, issue.params))
                        : [t('ksef.failed')],
                    ),
                });
              }}
            />
          </Button>
          {failure && (
            <Alert severity="error">
              {failure.map((text, index) => (
                <div key={index}>{text}</div>
              ))}
            </Alert>
          )}
          {result && (
            <>
              <Alert severity={result.rejected.length > 0 ? 'warning' : 'success'}>
                {t('ksef.summary', { imported: result.imported.length, duplicates: result.duplicates.length, rejected: result.rejected.length })}
              </Alert>
              {result.imported.length > 0 && (
                <List dense aria-label={t('ksef.importedList')}>
                  {result.imported.map((entry) => (
                    <ListItem key={entry.invoice_id} sx={{ gap: 1, flexWrap: 'wrap' }}>
                      <RouterLink to={`/invoices/details/${entry.invoice_id}`} onClick={close}>
                        {entry.number}
                      </RouterLink>
                      <span>
                        {entry.seller_name} · {formatMoneyText(entry.gross_total, entry.currency, i18n.language)}
                      </span>
                      <MatchStatusChip status={entry.match_status} />
                    </ListItem>
                  ))}
                </List>
              )}
              {result.duplicates.length > 0 && (
                <List dense aria-label={t('ksef.duplicatesList')}>
                  {result.duplicates.map((entry) => (
                    <ListItem key={`${entry.file_name}-${entry.invoice_id}`}>
                      {t('ksef.duplicate', { file: entry.file_name, number: entry.number })}
                    </ListItem>
                  ))}
                </List>
              )}
              {result.rejected.length > 0 && (
                <List dense aria-label={t('ksef.rejectedList')}>
                  {result.rejected.map((entry, index) => (
                    <ListItem key={`${entry.file_name}-${index}`}>
                      {entry.file_name}: {translateIssueCode(entry.code, entry.params)}
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={importer.isPending}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
