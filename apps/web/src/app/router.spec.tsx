import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { HUBS } from '@polski/contracts';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse } from '../test/fixtures';
import { applyLanguage } from '../lib/i18n/i18n';
import { routes } from './router';

/** The content API as the pages see it: counts, empty lists, and every lesson gated (a teaser titled by its slug). */
function fakeContentApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const humanize = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');
  const summary = (h: (typeof HUBS)[number]) => ({
    id: h.id,
    title: h.title,
    level: h.level,
    path: `/learn-polish/${h.id}`,
    lessonCount: 5,
    freeCount: 1,
  });
  const lesson = url.pathname.match(/^\/api\/content\/lessons\/([^/]+)\/([^/]+)$/);
  const hub = url.pathname.match(/^\/api\/content\/hubs\/([^/]+)$/);
  const found = HUBS.find((h) => h.id === (lesson?.[1] ?? hub?.[1]));
  let res = jsonResponse(404, { status: 404, code: 'not_found', message: 'Not found' });
  if (url.pathname === '/api/content/hubs') res = jsonResponse(200, HUBS.map(summary));
  else if (hub && found) res = jsonResponse(200, { hub: summary(found), lessons: [] });
  else if (['/api/content/podcast', '/api/content/blog'].includes(url.pathname)) res = jsonResponse(200, []);
  else if (lesson && found) {
    const teaser = {
      hub: found.id,
      slug: lesson[2],
      title: humanize(lesson[2]),
      titleEn: 'A lesson',
      level: 'A1',
      premium: true,
      firstParagraph: 'Cześć!',
    };
    res = jsonResponse(403, {
      status: 403,
      code: 'premium_required',
      message: 'This lesson is part of Premium',
      teaser,
    });
  }
  return Promise.resolve(res);
}

beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeContentApi)));
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const HOME = 'Start Learning Polish Through Stories';

describe('the routes of docs/product.md', () => {
  it.each([
    ['/', HOME],
    ['/learn-polish', 'Learn Polish'],
    ['/learn-polish/complete-beginner', 'Complete Beginner'],
    ['/podcast', 'Polski Stories Podcast'],
    ['/blog', 'Blog'],
    ['/word-checker', 'Word Checker'],
    ['/premium-member', 'Get Premium Access'],
    ['/get-premium', 'Get Premium Access'],
    ['/settings', 'Settings'],
    ['/words', 'My words'],
    ['/review', 'Review'],
    ['/success', 'Welcome! You are now a Premium Member'],
    ['/confirmemail', 'Email Confirmed Successfully!'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Set a new password'],
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/credits', 'Credits'],
    ['/complete-beginner/complete-beginner-2', 'Complete beginner 2'],
    ['/beginner/a-walk', 'A walk'],
    ['/intermediate/the-market', 'The market'],
    ['/intermediate/the-market/listen', 'The market'],
    ['/short-stories/the-cat', 'The cat'],
    ['/yt-stories/at-the-bakery', 'At the bakery'],
    ['/beginner-moon-story/moon-2', 'Moon 2'],
    ['/practical-dialogues/at-the-doctor', 'At the doctor'],
    ['/listening-practice/weather', 'Weather'],
    ['/history-of-poland/mieszko-i', 'Mieszko i'],
    ['/no/such/page', HOME],
  ])('%s shows "%s" as its one h1', async (path, heading) => {
    renderAt(path);
    // a lazy page's code and catalogue: over a second when the machine is busy
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toContain('Polski Stories'));
  });

  it('/get-premium redirects to /premium-member', async () => {
    const router = renderAt('/get-premium');
    await screen.findByRole('heading', { level: 1, name: 'Get Premium Access' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/premium-member');
  });

  it.each([
    ['/beginner', '/learn-polish/mini-stories'],
    ['/intermediate', '/learn-polish/int-mini-stories'],
    ['/history-of-poland/', '/learn-polish/history-of-poland'],
  ])('the bare hub prefix %s leads to the listing %s', async (path, listing) => {
    const router = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(listing));
  });

  it('/learn-polish shows the 9 hub cards linking to their listings', async () => {
    renderAt('/learn-polish');
    await screen.findByRole('heading', { level: 1, name: 'Learn Polish' }, { timeout: 5000 });
    const cards = document.querySelectorAll('.hub-card');
    expect(cards).toHaveLength(9);
    HUBS.forEach((hub, i) => {
      const link = cards[i].querySelector('a');
      expect(link).toHaveTextContent(hub.title);
      expect(link).toHaveAttribute('href', `/learn-polish/${hub.id}`);
      expect(cards[i]).toHaveTextContent(hub.level);
      // its illustration, sized so that nothing moves, decorative beside the title: the first view's two inside the
      // page's code (a data: URL), the others files of their own, fetched lazily
      const art = cards[i].querySelector('img.hub-card-art');
      expect(art).toHaveAttribute(
        'src',
        i < 2
          ? expect.stringMatching(/^data:image\/svg\+xml[,;]/)
          : expect.stringMatching(new RegExp(`${hub.id}(-[\\w-]+)?\\.svg`)),
      );
      expect(art).toHaveAttribute('width', '320');
      expect(art).toHaveAttribute('height', '200');
      expect(art).toHaveAttribute('alt', '');
      expect(art).toHaveAttribute('loading', i < 2 ? 'eager' : 'lazy');
    });
  });

  it('terms and privacy have numbered section anchors and a table of contents', async () => {
    renderAt('/terms-and-conditions');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }, { timeout: 5000 });
    for (let i = 1; i <= 9; i++) expect(document.getElementById(`section${i}`)).not.toBeNull();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    expect(toc.querySelectorAll('a[href^="/terms-and-conditions#section"]')).toHaveLength(9);
    expect(screen.getByText('Last updated').closest('p')).toHaveTextContent('Last updated: August 23, 2025');
    // an English reader needs no note that the text is English
    expect(screen.queryByText(/available in English only/)).toBeNull();
  });

  it("/learn-polish, a hub and a learner's pages speak the reader's language: heading, lead and the hubs' titles", async () => {
    await applyLanguage('de');
    try {
      renderAt('/learn-polish');
      await screen.findByRole('heading', { level: 1, name: 'Polnisch lernen' }, { timeout: 5000 });
      expect(screen.getByText(/^Wähle einen Lernpfad/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Absolute Anfänger' })).toHaveAttribute(
        'href',
        '/learn-polish/complete-beginner',
      );
      expect(screen.getByRole('link', { name: 'Geschichte Polens' })).toBeInTheDocument();
      expect(screen.queryByText('Complete Beginner')).toBeNull();
      cleanup();
      renderAt('/learn-polish/practical-dialogues');
      await screen.findByRole('heading', { level: 1, name: 'Praktische Dialoge' }, { timeout: 5000 });
      cleanup();
      renderAt('/learn-polish/no-such-path');
      await screen.findByRole('heading', { level: 1, name: 'Lernpfad nicht gefunden' }, { timeout: 5000 });
      cleanup();
      renderAt('/words');
      await screen.findByRole('heading', { level: 1, name: 'Meine Wörter' }, { timeout: 5000 });
      expect(screen.getByText(/^Melde dich an, um Wörter aus Lektionen zu speichern/)).toBeInTheDocument();
    } finally {
      await applyLanguage('en');
    }
  });

  it("the legal texts stay English, their navigation, labels and a note speak the reader's language", async () => {
    await applyLanguage('de');
    try {
      renderAt('/terms-and-conditions');
      const h1 = await screen.findByRole(
        'heading',
        { level: 1, name: 'Terms and Conditions' },
        { timeout: 5000 },
      );
      expect(h1.closest('article')).toHaveAttribute('lang', 'en');
      const note = screen.getByText(
        'Dieser Text ist nur auf Englisch verfügbar; maßgeblich ist die englische Fassung.',
      );
      expect(note).toHaveAttribute('lang', 'de');
      const toc = screen.getByRole('navigation', { name: 'Inhalt' });
      expect(toc.querySelectorAll('a[href^="/terms-and-conditions#section"]')).toHaveLength(9);
      expect(screen.getByText('Zuletzt aktualisiert').closest('p')).toHaveTextContent(
        'Zuletzt aktualisiert: August 23, 2025',
      );
    } finally {
      await applyLanguage('en');
    }
  });

  it('privacy shows its 11 sections and the effective date', async () => {
    renderAt('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 5000 });
    for (let i = 1; i <= 11; i++) expect(document.getElementById(`section${i}`)).not.toBeNull();
    expect(screen.getByText('Effective').closest('p')).toHaveTextContent('Effective: December 29, 2023');
  });

  it('home has the footer links, the contact email and no translator', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: HOME }, { timeout: 5000 });
    // the footer and the home page's teaching sections load after the first paint (docs/performance.md)
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    expect(footer.querySelector('a[href="/terms-and-conditions"]')).not.toBeNull();
    expect(footer.querySelector('a[href="/privacy"]')).not.toBeNull();
    expect(footer.querySelector('a[href="/podcast"]')).not.toBeNull();
    expect(footer.querySelector('a[href="/credits"]')).not.toBeNull();
    expect(footer.querySelector('a[href="mailto:contact@polskistories.com"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: /youtube/i })).toHaveAttribute(
      'href',
      expect.stringContaining('youtube'),
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Learn Polish' })).toHaveAttribute(
      'href',
      '/learn-polish',
    );
    expect(await screen.findByRole('link', { name: /listen now/i }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/podcast',
    );
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('letter'))).toHaveLength(32);
    expect(screen.queryByText(/translator/i)).not.toBeInTheDocument();
  });
});

describe('what loads after the page (docs/performance.md, "Lighthouse, 2026-11-27 evening")', () => {
  it('the footer waits for the page: not while its skeleton is shown, at once after it is drawn', async () => {
    // the premium page's loader waits for the offer: hold it back
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/payments/config'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : fakeContentApi(input),
      ),
    );
    // the footer's code is here already (as it would be on a second page): only the moment is tested
    await import('../components/layouts/footer');
    renderAt('/premium-member');
    await screen.findByRole('status', {}, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    answer(jsonResponse(200, { offer: 'one-time', testMode: false }));
    await screen.findByRole('heading', { level: 1, name: 'Get Premium Access' }, { timeout: 5000 });
    expect(await screen.findByRole('contentinfo', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('missing content is told by the code not_found', () => {
  /** The content API, with `path` answering 404 with `code`. */
  function answer404(path: string, code: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === path
          ? Promise.resolve(jsonResponse(404, { status: 404, code, message: 'Not here' }))
          : fakeContentApi(input),
      ),
    );
  }

  it.each([
    ['/blog/no-such-post', '/api/content/blog/no-such-post', 'Article not found'],
    ['/podcast/no-such-episode', '/api/content/podcast/no-such-episode', 'Episode not found'],
    [
      '/history-of-poland/no-such-lesson',
      '/api/content/lessons/history-of-poland/no-such-lesson',
      'Lesson not found',
    ],
  ])('%s, answered not_found: "%s"', async (page, api, heading) => {
    answer404(api, 'not_found');
    renderAt(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/blog/a-post', '/api/content/blog/a-post', 'Blog', 'The article could not be loaded.'],
    ['/podcast/an-episode', '/api/content/podcast/an-episode', 'Podcast', 'The episode could not be loaded.'],
  ])(
    '%s, a 404 with another code (route_not_found): could not be loaded, not "not found"',
    async (page, api, heading, lead) => {
      answer404(api, 'route_not_found');
      renderAt(page);
      expect(await screen.findByText(lead)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    },
  );

  it('a lesson answered 404 route_not_found is a failure to load, not a missing lesson', async () => {
    answer404('/api/content/lessons/history-of-poland/mieszko-i', 'route_not_found');
    renderAt('/history-of-poland/mieszko-i');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The lesson could not be loaded' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });
});
