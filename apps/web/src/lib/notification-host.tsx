import { useEffect, useState } from 'react';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { connectNotificationHost, type NotificationOptions } from './notifications.tsx';

/** Spec §9: notifications at the bottom, 6000 ms, success colour unless told otherwise. */
const SNACKBAR_TIMEOUT_MS = 6000;

/**
 * One snackbar per message, and a repeated message is shown anew. notistack's own `preventDuplicate` drops a message
 * while an equal one is on screen or still leaving it, so a second save made as the first one's "Zapisano" was
 * leaving got no word at all. Here the repeat closes the shown one and comes, for its whole time, once that one has
 * left. A repeat of a message still waiting for room (more than `maxSnack` at once) is that message, shown in full later.
 */
class MessagesOnScreen {
  private readonly keyByMessage = new Map<string, SnackbarKey>();
  private readonly messageByKey = new Map<SnackbarKey, string>();
  private readonly entered = new Set<SnackbarKey>();
  private readonly repeats = new Map<string, NotificationOptions | undefined>();
  private enqueue: ((message: string, options?: NotificationOptions) => SnackbarKey) | null = null;
  private close: ((key: SnackbarKey) => void) | null = null;

  connect(
    enqueue: (message: string, options?: NotificationOptions) => SnackbarKey,
    close: (key: SnackbarKey) => void,
  ) {
    this.enqueue = enqueue;
    this.close = close;
  }

  show(message: string, options?: NotificationOptions): void {
    const shown = this.keyByMessage.get(message);
    if (shown === undefined) {
      const key = this.enqueue?.(message, options);
      if (key === undefined) return;
      this.keyByMessage.set(message, key);
      this.messageByKey.set(key, message);
      return;
    }
    if (!this.entered.has(shown)) return;
    this.repeats.set(message, options);
    this.close?.(shown);
  }

  /** notistack's `onEnter`: the snackbar has begun to come onto the screen. */
  came(key: SnackbarKey): void {
    if (this.messageByKey.has(key)) this.entered.add(key);
  }

  /** notistack's `onExited`: the snackbar has left the screen. */
  left(key: SnackbarKey): void {
    const message = this.messageByKey.get(key);
    if (message === undefined) return;
    this.messageByKey.delete(key);
    this.entered.delete(key);
    this.keyByMessage.delete(message);
    if (!this.repeats.has(message)) return;
    const options = this.repeats.get(message);
    this.repeats.delete(message);
    this.show(message, options);
  }
}

function Connection({ messages }: { messages: MessagesOnScreen }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(() => {
    messages.connect(enqueueSnackbar, closeSnackbar);
    return connectNotificationHost((message, options) => messages.show(message, options));
  }, [enqueueSnackbar, closeSnackbar, messages]);
  return null;
}

/** notistack, fetched after the first screen by `NotificationLayer` (ADR 0038): the only module that imports it. */
export function NotificationHost() {
  const [messages] = useState(() => new MessagesOnScreen());
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      variant="success"
      maxSnack={4}
      onEnter={(_node, _appearing, key) => messages.came(key)}
      onExited={(_node, key) => messages.left(key)}
    >
      <Connection messages={messages} />
    </SnackbarProvider>
  );
}
