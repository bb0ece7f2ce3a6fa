import { loadAllMessages } from '../../lib/i18n.ts';
import { LazyView } from '../lazy-view.tsx';
import type { ScreenLoader } from '../route-table.ts';

// The shell (header, menu with its icons and counters, footer) is a chunk of its own: the login page never
// downloads it (nor the menu's texts, nor TanStack Query), and a logged-in user gets it in parallel with the first
// screen (docs/performance.md).
const loadAppLayout: ScreenLoader = () =>
  Promise.all([import('./app-layout.tsx'), loadAllMessages(), import('../../lib/query-layer.tsx')]).then(([m, , { withQueryClient }]) => withQueryClient(m.AppLayout));

/** The logged-in shell, loaded on first use, with the same spinner, timeout and retry as a screen. */
export function LazyAppLayout() {
  return <LazyView load={loadAppLayout} />;
}
