import '@mantine/core/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// The login pages' texts are in the entry; other routes load the rest before they render.
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The offline shell and the update prompt (issue 20): registered after the page has loaded, in
// chunks of their own (the login page's budget); the prompt's only when a new version waits.
window.addEventListener('load', () => {
  void import('./lib/service-worker').then(({ registerServiceWorker }) =>
    registerServiceWorker((apply) => {
      void import('./app/update-prompt').then(({ showUpdatePrompt }) => showUpdatePrompt(apply));
    }),
  );
});
