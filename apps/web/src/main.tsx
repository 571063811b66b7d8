// first, so component styles loaded after it can refine it
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { loadRouteTable } from './lib/api-client';
import { startI18n } from './lib/i18n/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// the API's route table is a small chunk of its own (lib/api-client.ts): fetched now, beside the first render, so the
// first request does not wait for it
void loadRouteTable().catch(() => undefined);
// the interface language's texts first (docs/product.md, "Interface language"): at once in English, else after its
// catalogue's small chunk, so that the first paint is already in the learner's language
void startI18n().finally(() => {
  // as a transition, React renders the first page in slices, yielding to the browser between them, instead of in
  // one long task that keeps a slow phone from responding (nothing is on the screen to keep consistent yet)
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
});
