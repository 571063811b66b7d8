import { isTranslatorPage } from './paths';

describe('isTranslatorPage: the translator is offered on learning pages, not on home', () => {
  it.each([
    '/learn-polish',
    '/learn-polish/complete-beginner',
    '/complete-beginner/complete-beginner-2',
    '/intermediate/some-story/listen',
    '/beginner',
    '/podcast',
    '/podcast/episode-1',
    '/blog',
    '/blog/some-post',
    '/word-checker',
    '/settings',
  ])('shown on %s', (path) => expect(isTranslatorPage(path)).toBe(true));

  it.each(['/', '/premium-member', '/success', '/terms-and-conditions', '/credits', '/no-such-page/at/all'])(
    'hidden on %s',
    (path) => expect(isTranslatorPage(path)).toBe(false),
  );
});
