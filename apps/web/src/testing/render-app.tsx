import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { UserProperties } from '@delego/contract';
import { App } from '../app/app.tsx';
import { appRoutes } from '../app/router.tsx';
import { dropSessionData } from '../lib/session-data.ts';
import { writeToken } from '../lib/token-storage.ts';
import { mockFetch, type MockHandler } from './fetch-mock.ts';
import { buildToken } from './fixtures.ts';

interface RenderAppOptions {
  /** Starts with a stored token whose user properties the server returns. */
  user?: UserProperties;
  handlers?: Record<string, MockHandler>;
  /** Lifetime of the stored token. */
  tokenExpiresInSeconds?: number;
}

/** The whole app (providers, router, session) at `path`, with `fetch` mocked. */
export function renderApp(path: string, { user, handlers = {}, tokenExpiresInSeconds }: RenderAppOptions = {}) {
  // Each render is a page load, which starts with an empty query cache: the app's one query client outlives a
  // render, and a test that renders the app again must not be answered from the previous render's data.
  dropSessionData();
  if (user) writeToken(buildToken(tokenExpiresInSeconds));
  const server = mockFetch({
    'GET /api/auth/get-general-settings': { body: { is_wnt: 1, login_password_save: 2 } },
    'POST /api/auth/logout': { body: { status: 'ok' } },
    ...(user ? { 'GET /api/token-refresh/user-properties': { body: user } } : {}),
    ...handlers,
  });
  const { routes, patchRoutesOnNavigation } = appRoutes();
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  const view = render(<App router={router} />);
  return { ...view, router, server, user: userEvent.setup() };
}

/** The text a field's aria-describedby points at (MUI's helper text). */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
