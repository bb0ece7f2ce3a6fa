import { LazyView } from '../lazy-view.tsx';
import type { ScreenLoader } from '../route-model.ts';

// The shell (header, menu with its icons and counters, footer) is a chunk of its own: the login page never
// downloads it (nor the menu's texts, nor TanStack Query), and a logged-in user gets it in parallel with the first
// screen (docs/performance.md). Its loader, with the list of the chunks it needs, is the route table's: every
// route that shows the shell came from that table, so it is here by then, and the login page downloads neither.
const loadAppLayout: ScreenLoader = () => import('../route-table.ts').then((table) => table.loadAppLayout());

/** The logged-in shell, loaded on first use, with the same spinner, timeout and retry as a screen. */
export function LazyAppLayout() {
  return <LazyView load={loadAppLayout} />;
}
