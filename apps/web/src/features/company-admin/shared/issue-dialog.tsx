import { useCallback, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { MessageDialog } from '../../../components/feedback/message-dialog.tsx';
import { firstIssueText } from '../../../components/form/issue-texts.ts';

/**
 * Explains a refused action that has no field to show it at (e.g. blocking a role that still
 * has members): the server's first issue, translated, in a dialog.
 */
export function useIssueDialog(title: string) {
  const [state, setState] = useState<{ text: string; actions?: ReactNode } | null>(null);
  const show = useCallback((error: unknown, actions?: ReactNode): boolean => {
    const text = firstIssueText(error);
    if (!text) return false;
    setState({ text, actions });
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
