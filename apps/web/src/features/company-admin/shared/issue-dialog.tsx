import { useCallback, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { MessageDialog } from '../../../components/feedback/message-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';

/**
 * Explains a refused action that has no field to show it at (e.g. blocking a role that still
 * has members): the server's first issue, translated, in a dialog.
 */
export function useIssueDialog(title: string) {
  const [state, setState] = useState<{ text: string; actions?: ReactNode } | null>(null);
  const show = useCallback((error: unknown, actions?: ReactNode): boolean => {
    const issue = error instanceof ApiError ? error.issues[0] : undefined;
    if (!issue) return false;
    setState({ text: translateIssueCode(issue.code, issue.params), actions });
    return true;
  }, []);
  const close = useCallback(() => setState(null), []);
  const dialog = (
    <MessageDialog open={state !== null} title={title} onClose={close} actions={state?.actions}>
      <Typography>{state?.text}</Typography>
    </MessageDialog>
  );
  return { show, close, dialog };
}
