import { screen, within } from '@testing-library/react';
import type { THubLessonsResponse } from '@polski/contracts';
import { session } from '../../lib/session';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HubLessons } from '../../features/content/components/hub-lessons';
import { LessonView } from '../../features/content/components/lesson-view';
import { makeLesson } from '../../features/content/testing/lesson-fixture';

/** docs/product.md, "Premium lessons are marked": a padlock (and words) on every link into the paywall. */
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, [])),
  ),
);
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const lesson = (slug: string, order: number, premium: boolean) => ({
  hub: 'complete-beginner' as const,
  slug,
  order,
  title: `Lekcja ${order}`,
  titleEn: `Lesson ${order}`,
  level: 'A1' as const,
  premium,
  summary: 'A summary.',
  readingMinutes: 3,
  path: `/complete-beginner/${slug}`,
  completed: false,
});
const hub: THubLessonsResponse = {
  hub: {
    id: 'complete-beginner',
    title: 'Complete Beginner',
    level: 'A1',
    path: '/learn-polish/complete-beginner',
    lessonCount: 2,
    freeCount: 1,
  },
  lessons: [lesson('free-one', 1, false), lesson('paid-two', 2, true)],
};

describe("a hub's lesson list", () => {
  it('a visitor: the premium lesson\'s link has the padlock and says "Premium lesson"; the free one has none', () => {
    renderWithProviders(<HubLessons data={hub} signedIn={false} />);
    const paid = screen.getByRole('link', { name: 'Lekcja 2 Premium lesson' });
    expect(paid).toHaveAttribute('href', '/complete-beginner/paid-two');
    expect(within(paid).getByTestId('premium-lock').querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Lekcja 1' })).toBeInTheDocument();
    expect(screen.getAllByTestId('premium-lock')).toHaveLength(1);
  });

  it('a learner without premium sees the padlock too; a premium member sees none', () => {
    session.set(makeUser({ roles: ['Member'] }));
    const basic = renderWithProviders(<HubLessons data={hub} signedIn />);
    expect(screen.getAllByTestId('premium-lock')).toHaveLength(1);
    basic.unmount();
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    renderWithProviders(<HubLessons data={hub} signedIn />);
    expect(screen.queryByTestId('premium-lock')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lekcja 2' })).toBeInTheDocument();
  });
});

describe("the lesson page's previous and next links", () => {
  const withNeighbours = makeLesson({
    prev: { slug: 'free-one', title: 'Pierwsza', path: '/complete-beginner/free-one', premium: false },
    next: { slug: 'paid-two', title: 'Druga', path: '/complete-beginner/paid-two', premium: true },
  });

  it('"Next lesson" into a premium lesson shows the padlock and the word Premium; "Previous lesson" (free) does not', () => {
    renderWithProviders(<LessonView lesson={withNeighbours} />);
    const pager = screen.getByRole('navigation', { name: /more lessons/i });
    const next = within(pager).getByRole('link', { name: /Next lesson/ });
    expect(next).toHaveAccessibleName('Next lesson Premium lesson Druga');
    expect(next).toHaveTextContent('Premium');
    expect(next).toHaveClass('is-locked');
    const prev = within(pager).getByRole('link', { name: /Previous lesson/ });
    expect(within(prev).queryByTestId('premium-lock')).not.toBeInTheDocument();
  });

  it('a premium member: no padlock', () => {
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    renderWithProviders(<LessonView lesson={withNeighbours} />);
    expect(screen.queryByTestId('premium-lock')).not.toBeInTheDocument();
  });
});
