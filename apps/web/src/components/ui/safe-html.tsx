import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * HTML that the server rendered from Markdown and made safe (its renderer escapes raw HTML and keeps only http(s)
 * and site links). Links to pages of this site navigate inside the app instead of reloading it.
 */
export function SafeHtml({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    const url = new URL(a.href, window.location.href);
    // feeds and other files are served by the server, not the app
    if (url.origin !== window.location.origin || /\.[a-z0-9]+$/i.test(url.pathname)) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return (
    <div className={className} lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
