import { useEffect, useState, type ComponentType } from 'react';
import { LoadErrorView } from '../components/feedback/load-error-view.tsx';
import { PageSpinner } from '../components/feedback/page-spinner.tsx';
import type { ScreenLoader } from './route-model.ts';

/** Spec §9: a view chunk that has not arrived within 120 s is reported as a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type LoadState = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'failed' };

// Loaded screens render at once on later visits instead of flashing the spinner.
const loadedScreens = new WeakMap<ScreenLoader, ComponentType>();

function initialState(load: ScreenLoader): LoadState {
  const Component = loadedScreens.get(load);
  return Component ? { status: 'ready', Component } : { status: 'loading' };
}

/**
 * Loads a screen's code and renders it. Unlike `React.lazy`, a failure or a timeout shows a
 * translated error view with a retry that really loads again.
 */
export function LazyView({ load, timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: { load: ScreenLoader; timeoutMs?: number }) {
  const [state, setState] = useState<LoadState>(() => initialState(load));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loadedScreens.has(load)) return;
    let active = true;
    const timer = window.setTimeout(() => {
      if (active) setState({ status: 'failed' });
    }, timeoutMs);
    load().then(
      (Component) => {
        loadedScreens.set(load, Component);
        window.clearTimeout(timer);
        if (active) setState({ status: 'ready', Component });
      },
      () => {
        window.clearTimeout(timer);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [load, attempt, timeoutMs]);

  if (state.status === 'ready') return <state.Component />;
  if (state.status === 'failed') {
    return (
      <LoadErrorView
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((value) => value + 1);
        }}
      />
    );
  }
  return <PageSpinner />;
}
