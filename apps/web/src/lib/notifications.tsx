import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** notistack's variants (spec §9: success unless told otherwise). */
export type NotificationVariant = 'default' | 'error' | 'success' | 'warning' | 'info';

export interface NotificationOptions {
  variant?: NotificationVariant;
}

type Show = (message: string, options?: NotificationOptions) => void;

/**
 * The app's notifications (ADR 0038). notistack is not part of the first screen (`notification-host.tsx`, loaded by
 * `NotificationLayer`): a message sent before it is here waits and is shown, in order, as soon as it is.
 */
let show: Show | null = null;
const waiting: { message: string; options?: NotificationOptions }[] = [];
const hostWanted = new Set<() => void>();

/** Shows a notification (notistack's `enqueueSnackbar`, with the same options). */
export function enqueueSnackbar(message: string, options?: NotificationOptions): void {
  if (show) return show(message, options);
  waiting.push({ message, options });
  for (const want of hostWanted) want();
}

/** Called by the host once notistack is mounted: what waited is shown, and later messages go straight to it. */
export function connectNotificationHost(hostShow: Show): () => void {
  show = hostShow;
  for (const { message, options } of waiting.splice(0)) hostShow(message, options);
  return () => {
    if (show === hostShow) show = null;
  };
}

/** The user's acts that start the fetch: a message almost always answers one, so notistack is here by then. */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Renders the app and, beside it, notistack's provider once fetched: at the user's first click or key, or when a
 * message is sent before that (a background call's failure). A failed fetch (offline) is tried again with the next
 * input or message; the messages keep waiting.
 */
export function NotificationLayer({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<ComponentType | null>(null);

  useEffect(() => {
    let active = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import('./notification-host.tsx').then(
        ({ NotificationHost }) => {
          if (active) setHost(() => NotificationHost);
        },
        () => {
          loading = false;
        },
      );
    };
    hostWanted.add(load);
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, load, { capture: true, passive: true });
    if (waiting.length > 0) load();
    return () => {
      active = false;
      hostWanted.delete(load);
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, load, { capture: true });
    };
  }, []);

  return (
    <>
      {children}
      {Host && <Host />}
    </>
  );
}
