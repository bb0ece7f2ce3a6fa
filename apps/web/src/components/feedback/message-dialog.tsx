import { lazy, Suspense, useState } from 'react';
import type { MessageDialogProps } from './message-dialog-view.tsx';

// MUI's Dialog (with Modal and its transitions) arrives when a message is first shown: the login route and the
// shell's error dialogs render without it (issue 13, the login route's JavaScript).
const MessageDialogView = lazy(() => import('./message-dialog-view.tsx'));

/** A modal message with a title; its accessible name is the title. */
export function MessageDialog(props: MessageDialogProps) {
  // Once shown it stays mounted, so closing keeps the dialog's exit transition and focus return.
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialogView {...props} />
    </Suspense>
  );
}
