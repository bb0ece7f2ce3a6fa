import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n.ts';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

// The interface language's messages arrive in parallel with the rest of the app; a failed fetch still renders (keys show).
void i18nReady
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} queryClient={createQueryClient()} />
      </StrictMode>,
    );
  });
