import { makeLesson, makeMedia } from '../testing/lesson-fixture';
import {
  clock,
  initialSpeed,
  neighbour,
  playableTracks,
  sentenceAt,
  tick,
  timedSentences,
  wordAt,
} from './timeline';

const lesson = makeLesson();
const media = makeMedia();
const timed = timedSentences(lesson.paragraphs, media.tracks[0]);

describe('the learning player timeline (docs/product.md, "The learning player")', () => {
  it('numbers the timings as the text does, through the paragraphs, and drops a sentence the text lacks', () => {
    expect(timed.map((t) => [t.index, t.startMs, t.endMs])).toEqual([
      [0, 0, 2000],
      [1, 2500, 4500],
      [2, 5000, 7000],
    ]);
    const stale = timedSentences(lesson.paragraphs, {
      sentences: [...media.tracks[0].sentences, { p: 1, s: 4, startMs: 8000, endMs: 9000 }],
    });
    expect(stale).toHaveLength(3);
  });

  it('finds the sentence and the word heard at a time; a pause between sentences belongs to the one just heard', () => {
    expect(sentenceAt(timed, -1)).toBe(-1);
    expect(sentenceAt(timed, 0)).toBe(0);
    expect(sentenceAt(timed, 1999)).toBe(0);
    expect(sentenceAt(timed, 2200)).toBe(0);
    expect(sentenceAt(timed, 2500)).toBe(1);
    expect(sentenceAt(timed, 6999)).toBe(2);
    expect(sentenceAt(timed, 60_000)).toBe(2);
    expect(wordAt(timed[1], 2600)).toBe(0);
    expect(wordAt(timed[1], 3400)).toBe(1);
    expect(wordAt(timed[1], 4400)).toBe(2);
    expect(wordAt(timed[0], 100)).toBe(-1);
  });

  it('loop: past the end of the sentence, back to its start', () => {
    expect(tick(timed, { ms: 4400, anchor: 1, loop: true, autoPause: false })).toEqual({ kind: 'continue', anchor: 1 });
    expect(tick(timed, { ms: 4510, anchor: 1, loop: true, autoPause: false })).toEqual({
      kind: 'seek',
      toMs: 2500,
      anchor: 1,
    });
  });

  it('auto-pause: stops after the sentence, set at the next one; after the last one, at its end', () => {
    expect(tick(timed, { ms: 2010, anchor: 0, loop: false, autoPause: true })).toEqual({
      kind: 'pause',
      atMs: 2500,
      heard: 0,
      anchor: 1,
    });
    // Play after the pause goes on with the next sentence without pausing at once
    expect(tick(timed, { ms: 2500, anchor: 1, loop: false, autoPause: true })).toEqual({ kind: 'continue', anchor: 1 });
    expect(tick(timed, { ms: 7001, anchor: 2, loop: false, autoPause: true })).toEqual({
      kind: 'pause',
      atMs: 7000,
      heard: 2,
      anchor: 2,
    });
  });

  it('plain playback and seeks move the anchor to the sentence heard', () => {
    expect(tick(timed, { ms: 2600, anchor: 0, loop: false, autoPause: false })).toEqual({ kind: 'continue', anchor: 1 });
    expect(tick(timed, { ms: 100, anchor: 2, loop: true, autoPause: false })).toEqual({ kind: 'continue', anchor: 0 });
    expect(tick(timed, { ms: 100, anchor: -1, loop: false, autoPause: true })).toEqual({ kind: 'continue', anchor: 0 });
  });

  it('neighbours clamp at the ends; playable tracks need ready media with timings; the slow track for slow stories', () => {
    expect(neighbour(timed, 0, -1)?.index).toBe(0);
    expect(neighbour(timed, 2, 1)?.index).toBe(2);
    expect(neighbour(timed, 1, 1)?.index).toBe(2);
    expect(playableTracks(undefined)).toEqual([]);
    expect(playableTracks(makeMedia({ status: 'preparing' }))).toEqual([]);
    expect(playableTracks(media).map((t) => t.speed)).toEqual(['normal', 'slow']);
    expect(initialSpeed(media.tracks, true)).toBe('slow');
    expect(initialSpeed(media.tracks, false)).toBe('normal');
    expect(initialSpeed([media.tracks[1]], false)).toBe('slow');
    expect(clock(65_400)).toBe('1:05');
  });
});
