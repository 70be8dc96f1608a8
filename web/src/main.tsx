import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { CoreLoadError } from './app/core-load-error';
import { registerServiceWorker } from '@/features/offline';
import { initCore } from './lib/core';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);

// Only a production build has a sw.js; the dev server and vitest never register one.
if (import.meta.env.PROD) registerServiceWorker();

// The till prices carts with the WASM core, so nothing renders until it has loaded; the
// splash in index.html stays up meanwhile, and a failure gets a readable screen.
initCore().then(
  () => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    document.documentElement.dataset.core = 'ready';
  },
  (error: unknown) => {
    console.error(error);
    root.render(
      <StrictMode>
        <CoreLoadError error={error} />
      </StrictMode>,
    );
    document.documentElement.dataset.core = 'failed';
  },
);
