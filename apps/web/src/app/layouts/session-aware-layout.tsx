import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useSession } from '../../lib/session.tsx';
import { LazyAppLayout } from './lazy-app-layout.tsx';
import { PublicLayout } from './public-layout.tsx';

/** For pages anyone may see (404, module not available): inside the shell when logged in. */
export function SessionAwareLayout() {
  const { state } = useSession();
  if (state.status === 'loading') return <PageSpinner />;
  return state.status === 'logged' ? <LazyAppLayout /> : <PublicLayout />;
}
