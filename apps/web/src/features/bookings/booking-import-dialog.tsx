import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BookingImportResult } from '@delego/contract';
import { BOOKING_IMPORT_COLUMNS, formatMoneyText, formatWallTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable } from '../../components/data-table/data-table.tsx';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useImportBookings } from './api/bookings.ts';

/**
 * Imports the booking site's file: the preview checks every row and saves nothing; the import then
 * saves the valid rows, and none while a row is invalid unless the user chose to skip those rows.
 */
export function BookingImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('bookings');
  const titleId = useId();
  const importer = useImportBookings();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BookingImportResult | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
    setSkipInvalid(false);
  };
  const close = () => {
    if (importer.isPending) return;
    reset();
    onClose();
  };
  const run = (mode: 'preview' | 'commit', chosen: File) => {
    setFailure(null);
    importer.mutate(
      { file: chosen, mode, skipInvalid },
      {
        onSuccess: (result) => {
          if (mode === 'preview') return setPreview(result);
          enqueueSnackbar(
            t('import.done', {
              created: result.created_count,
              updated: result.updated_count,
              skipped: result.skipped_count,
            }),
          );
          close();
        },
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.issues.length > 0
              ? error.issues.slice(0, 20).map((issue) => translateIssueCode(issue.code, issue.params))
              : [t('import.failed')],
          ),
      },
    );
  };

  const lineOf = (path: (string | number)[]) =>
    path[0] === 'rows' ? t('import.line', { line: path[1], column: path[2] }) : '';
  const blocked = preview !== null && preview.invalid_count > 0 && !skipInvalid;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('import.intro')}</Typography>
          <Typography variant="caption" component="p" sx={{ wordBreak: 'break-word' }}>
            {t('import.columns')}: <code>{BOOKING_IMPORT_COLUMNS.join(', ')}</code>
          </Typography>
          <Button variant="outlined" component="label">
            {file ? file.name : t('import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t('import.choose')}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                reset();
                setFile(chosen);
                if (chosen) run('preview', chosen);
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
          {preview && (
            <>
              <Alert severity={preview.invalid_count > 0 ? 'warning' : 'success'}>
                {t('import.summary', {
                  rows: preview.row_count,
                  valid: preview.valid_count,
                  invalid: preview.invalid_count,
                  updates: preview.update_count,
                })}
              </Alert>
              {preview.issues.length > 0 && (
                <List
                  dense
                  aria-label={t('import.rowErrors')}
                  sx={{
                    maxHeight: 200,
                    overflow: 'auto',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  {preview.issues.map((issue, index) => (
                    <ListItem key={index}>
                      {lineOf(issue.path)} {translateIssueCode(issue.code, issue.params)}
                    </ListItem>
                  ))}
                </List>
              )}
              {preview.unmapped_travellers.length > 0 && (
                <Alert severity="info">
                  {t('import.unmapped', { names: preview.unmapped_travellers.join(', ') })}
                </Alert>
              )}
              <Box sx={{ maxHeight: 260, overflowY: 'auto' }}>
                <ListTable
                  label={t('import.previewTable')}
                  rows={preview.preview}
                  rowKey={(row) => row.line}
                  rowLabel={(row) => t('import.lineOf', { line: row.line })}
                  columns={[
                    { key: 'line', label: t('import.lineColumn'), render: (row) => row.line },
                    { key: 'kind', label: t('columns.kind'), render: (row) => t(`kind.${row.kind}`) },
                    { key: 'traveller', label: t('columns.traveller'), render: (row) => row.traveller_name },
                    { key: 'service', label: t('columns.service'), render: (row) => row.title },
                    { key: 'date', label: t('columns.date'), render: (row) => (row.start_at ? formatWallTime(row.start_at, i18n.language) : '') },
                    { key: 'amount', label: t('columns.amount'), align: 'right', render: (row) => formatMoneyText(row.amount_gross, row.currency, i18n.language) },
                  ]}
                />
              </Box>
              {preview.invalid_count > 0 && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={skipInvalid}
                      onChange={(event) => setSkipInvalid(event.target.checked)}
                    />
                  }
                  label={t('import.skipInvalid', { count: preview.invalid_count })}
                />
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={importer.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!file || !preview || blocked || preview.valid_count === 0}
          loading={importer.isPending}
          onClick={() => file && run('commit', file)}
        >
          {t('import.submit', {
            count: preview ? (skipInvalid ? preview.valid_count : preview.row_count) : 0,
          })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
