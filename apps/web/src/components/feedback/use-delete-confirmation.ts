import { useState } from 'react';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { firstIssueText } from '../form/issue-texts.ts';

/** The part of a TanStack mutation the confirmation needs. */
interface DeleteMutation<TVariables> {
  mutate: (variables: TVariables, options: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void }) => void;
  isPending: boolean;
}

/**
 * The row a list asks about before deleting it, for a `ConfirmDialog`: confirming deletes it and
 * says so, or shows why the server refused; the dialog closes either way.
 */
export function useDeleteConfirmation<TRow, TVariables>(
  mutation: DeleteMutation<TVariables>,
  { variables, deletedMessage, onDeleted }: { variables: (row: TRow) => TVariables; deletedMessage: string; onDeleted?: () => void },
) {
  const [target, setTarget] = useState<TRow | null>(null);
  const close = () => setTarget(null);
  const confirm = () => {
    if (target === null) return;
    mutation.mutate(variables(target), {
      onSuccess: () => {
        enqueueSnackbar(deletedMessage);
        onDeleted?.();
      },
      onError: (error) => {
        // A refusal (e.g. someone used the row meanwhile) belongs to no field: the server says why.
        const refusal = firstIssueText(error);
        if (refusal) enqueueSnackbar(refusal, { variant: 'error' });
      },
      onSettled: close,
    });
  };
  return { target, ask: setTarget, dialogProps: { open: target !== null, isPending: mutation.isPending, onConfirm: confirm, onClose: close } };
}
