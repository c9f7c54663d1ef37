import '@mantine/core/styles.css';
import './i18n';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// The login pages (with their texts) are in the entry, without the router; every other page
// loads the router and, before it renders, the rest of the texts (app/start.tsx).
startApp(createRoot(container));

// The offline shell and the update prompt (issue 20): registered after the page has loaded, in
// chunks of their own (the login page's budget); the prompt's only when a new version waits.
window.addEventListener('load', () => {
  void import('./lib/service-worker').then(({ registerServiceWorker }) =>
    registerServiceWorker((apply) => {
      void import('./app/update-prompt').then(({ showUpdatePrompt }) => showUpdatePrompt(apply));
    }),
  );
});
