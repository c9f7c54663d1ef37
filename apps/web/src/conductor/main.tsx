import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './conductor.css';
import { startServiceWorker } from './update';

// The page is `/conductor/<token>`: the token is the link's only credential.
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App token={token} />
  </StrictMode>,
);

startServiceWorker();
