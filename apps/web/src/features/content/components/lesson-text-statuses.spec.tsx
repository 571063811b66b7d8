import { screen } from '@testing-library/react';
import type { TWordStatusValue } from '@polski/contracts';
import { renderWithProviders } from '../../../test/render';
import { makeAnnotations, makeLesson } from '../testing/lesson-fixture';
import { LessonText } from './lesson-text';
import { statusClass } from './word-status-marks';

// every word button drawn asks for its classes once: counting the calls counts the words drawn
vi.mock('./word-status-marks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./word-status-marks')>();
  return { ...actual, statusClass: vi.fn(actual.statusClass) };
});

const { paragraphs } = makeLesson();
const annotations = makeAnnotations();

function draw(statuses?: Record<string, TWordStatusValue>) {
  return <LessonText paragraphs={paragraphs} showAll={false} annotations={annotations} statuses={statuses} />;
}

describe('LessonText with word statuses', () => {
  beforeEach(() => vi.mocked(statusClass).mockClear());

  it('a status change draws again only the sentences whose words it marks, not the whole text', () => {
    const { rerender } = renderWithProviders(draw({}));
    // 3 + 3 + 2 words
    expect(statusClass).toHaveBeenCalledTimes(8);
    vi.mocked(statusClass).mockClear();
    // mieszkać is only in the second sentence (3 words)
    rerender(draw({ mieszkać: { status: 'learning', stage: 2 } }));
    expect(statusClass).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Mieszkam' })).toHaveClass('ws-learning', 'ws-2');
    vi.mocked(statusClass).mockClear();
    // być is in the first and the third sentence: 3 + 2 words
    rerender(draw({ mieszkać: { status: 'learning', stage: 2 }, być: { status: 'known' } }));
    expect(statusClass).toHaveBeenCalledTimes(5);
    for (const b of screen.getAllByRole('button', { name: 'Jestem' })) expect(b).not.toHaveClass('ws-new');
  });

  it('without statuses (a visitor) no word is marked or described', () => {
    renderWithProviders(draw(undefined));
    for (const b of screen.getAllByRole('button')) {
      expect(b.className).not.toMatch(/ws-/);
      expect(b).not.toHaveAttribute('aria-describedby');
    }
  });
});
