import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../conductor/conductor.css';
import { App, Baja } from './app';

// The page is `/envio/<token>`: the token is the link's only credential. A notice's
// unsubscription is `/envio/baja#<token>` (no link token is ever the word "baja").
const segment = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const baja = segment === 'baja' ? decodeURIComponent(location.hash.slice(1)) : undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>{baja === undefined ? <App token={segment} /> : <Baja token={baja} />}</StrictMode>,
);
