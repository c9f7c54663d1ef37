import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../conductor/conductor.css';
import { App } from './app';

// The page is `/envio/<token>`: the token is the link's only credential.
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App token={token} />
  </StrictMode>,
);
