// first, so component styles loaded after it can refine it
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { toasterModule } from './lib/toast-loader';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

// The toast library is not part of the first download; fetch it once the page has loaded and the browser is idle,
// so a toast raised later (also one saying the network is gone) has it at hand.
window.addEventListener(
  'load',
  () => {
    const preload = () => void toasterModule.load().catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(preload, { timeout: 5000 });
    else setTimeout(preload, 2000);
  },
  { once: true },
);
