import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadRouteTable } from '../lib/route-table-loader';
import { ensureCatalogue } from '../lib/i18n/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lacks matchMedia and scrollTo; the app reads the first (reduced motion) and react-router calls the second.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// the whole English catalogue, as the app has it once a page beyond the shell has loaded (docs/i18n.md)
await ensureCatalogue('en');

// the API's route table, as the app has it from boot on (main.tsx starts loading it beside the first render), so
// that a call reaches fetch as synchronously as it does in the app once the table is here
await loadRouteTable();
