import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './conductor.css';
import { startServiceWorker } from './update';

// The contactless signer's page (`/ecmr/firmar`, issue 18) shares this light entry: its own
// chunk, loaded only there.
const FirmarPage = lazy(() => import('./ecmr/firmar-page'));

// Otherwise the page is `/conductor/<token>`: the token is the link's only credential.
const [, first, second] = location.pathname.split('/');
const signing = first === 'ecmr' && second === 'firmar';
const token = decodeURIComponent(second ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {signing ? (
      <Suspense fallback={null}>
        <FirmarPage />
      </Suspense>
    ) : (
      <App token={token} />
    )}
  </StrictMode>,
);

startServiceWorker();
