import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findScenes, sceneOfSentence, SceneMarkError, type TSceneText } from '@polski/contracts';
import { parse } from 'yaml';
import { flattenTimings, sentenceAtTime, startOfSentence } from './scene-timing';

const story = (...paragraphs: string[][]): TSceneText => ({
  paragraphs: paragraphs.map((p) => ({ sentences: p.map((pl) => ({ pl, en: `EN ${pl}` })) })),
});

describe('findScenes: the scenes a story marks', () => {
  it('finds each "Scena …:" sentence, its number, where it starts and ends', () => {
    const text = story(
      ['Scena pierwsza: przed kopalnią.', 'Jest ciepło.'],
      ['Ida liczy.', 'Scena druga: schody w dół.', 'Kręci jej się w głowie.'],
      ['Scena trzecia: kaplica.'],
    );
    text.paragraphs[0].sentences[0].en = 'Scene one: outside the mine.';
    const scenes = findScenes(text);
    expect(scenes.map(({ number, p, s, start, end, title }) => ({ number, p, s, start, end, title }))).toEqual([
      { number: 1, p: 0, s: 0, start: 0, end: 2, title: 'przed kopalnią.' },
      { number: 2, p: 1, s: 1, start: 3, end: 4, title: 'schody w dół.' },
      { number: 3, p: 2, s: 0, start: 5, end: 5, title: 'kaplica.' },
    ]);
    expect(scenes[0].titleEn).toBe('outside the mine.');
    // which scene a sentence belongs to; before the first mark, the first scene
    expect([0, 2, 3, 4, 5].map((i) => sceneOfSentence(scenes, i))).toEqual([0, 0, 1, 1, 2]);
    expect(sceneOfSentence(findScenes(story(['Wstęp.', 'Scena pierwsza: las.'])), 0)).toBe(0);
  });

  it('a text without marks has no scenes; an unknown ordinal or a skipped number is an error', () => {
    expect(findScenes(story(['Jest ciepło.']))).toEqual([]);
    expect(sceneOfSentence([], 0)).toBe(-1);
    expect(() => findScenes(story(['Scena zerowa: nic.']))).toThrow(SceneMarkError);
    expect(() => findScenes(story(['Scena pierwsza: a.'], ['Scena trzecia: b.']))).toThrow(
      /scene 3 comes where scene 2 should/,
    );
  });

  it('finds the five scenes of every video story in the catalogue', () => {
    const dir = join(__dirname, '../../../../../../content/lessons/yt-stories');
    for (const slug of ['kopalnia-soli', 'krasnale-we-wroclawiu', 'lato-na-mazurach', 'morsy-w-sopocie', 'targ-na-kleparzu']) {
      const lesson = parse(readFileSync(join(dir, `${slug}.yaml`), 'utf8')) as TSceneText;
      expect(findScenes(lesson).map((s) => s.number)).toEqual([1, 2, 3, 4, 5]);
    }
  });
});

describe('the sentence at a time of the track', () => {
  const paragraphs = story(['a', 'b'], ['c', 'd']).paragraphs;
  const timings = flattenTimings(paragraphs, [
    { p: 1, s: 0, startMs: 3000, endMs: 4000 },
    { p: 0, s: 0, startMs: 0, endMs: 1200 },
    { p: 0, s: 1, startMs: 1500, endMs: 2800 },
    { p: 1, s: 1, startMs: 4200, endMs: 6000 },
    { p: 5, s: 0, startMs: 7000, endMs: 8000 }, // no such paragraph: left out
  ]);

  it('turns paragraph/sentence timings into flat indexes in time order', () => {
    expect(timings).toEqual([
      { index: 0, startMs: 0, endMs: 1200 },
      { index: 1, startMs: 1500, endMs: 2800 },
      { index: 2, startMs: 3000, endMs: 4000 },
      { index: 3, startMs: 4200, endMs: 6000 },
    ]);
    expect(startOfSentence(timings, 2)).toBe(3000);
    expect(startOfSentence(timings, 9)).toBeUndefined();
  });

  it('is the last sentence started by then; a pause keeps the sentence just spoken', () => {
    expect(sentenceAtTime(timings, 0)).toBe(0);
    expect(sentenceAtTime(timings, 1300)).toBe(0); // the pause after the first sentence
    expect(sentenceAtTime(timings, 1500)).toBe(1);
    expect(sentenceAtTime(timings, 3999)).toBe(2);
    expect(sentenceAtTime(timings, 5000)).toBe(3);
    expect(sentenceAtTime(timings, 60_000)).toBe(3);
    expect(sentenceAtTime(timings, -5)).toBe(0);
    expect(sentenceAtTime([], 1000)).toBe(-1);
  });
});
