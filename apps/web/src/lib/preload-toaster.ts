/**
 * The toast library is not part of the first download (lib/toast-loader.ts). A few seconds after the page has
 * loaded, when the browser is idle, its file is fetched as a modulepreload (downloaded and compiled, not run), so
 * that a toast raised later (also one saying the network is gone) has it at hand; it runs for the first toast only.
 * Run at idle instead, it inserted its stylesheet and restyled the whole page while the learner was reading
 * (docs/performance.md, "Lighthouse, 2026-11-27 afternoon"). index.html names the file (`<meta name=toaster-module>`,
 * vite.config.mts, named-chunks; the dev server has none). Called by the footer, which every page loads after its
 * first paint: the entry (the home route's budget) carries none of this.
 */
let scheduled = false;

export function preloadToasterWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const preload = () => {
    const href = document.querySelector<HTMLMetaElement>('meta[name="toaster-module"]')?.content;
    if (!href || document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  };
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(preload, { timeout: 5000 });
      else preload();
    }, 3000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
