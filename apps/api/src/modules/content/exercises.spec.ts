import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  exerciseProblems,
  formMorphologyProblems,
  HUB_IDS,
  longestOptionFigure,
  missingExerciseKinds,
  parseMorphology,
  type TLessonFile,
} from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { loadCatalogue } from './catalogue';
import { loadContentFile } from './content-loader';

/**
 * The exercises of the whole catalogue (docs/content.md, "Exercises"; issue 14 item 6): the multiple-choice items
 * do not give their answer away by length, every exercise comes from its lesson's text, every form-in-context
 * option is a form of its lemma, and every lesson of the hubs below has an inference question and an exercise of
 * each type.
 */

/** The hubs whose every lesson has its exercises written: the whole catalogue. */
const HUBS_WITH_EXERCISES: readonly string[] = HUB_IDS;

/** At most this share of multiple-choice items may have the correct option as the uniquely longest. */
const MAX_LONGEST_SHARE = 0.4;

const catalogue = loadCatalogue(workspacePath('content'));
const lessons: TLessonFile[] = catalogue.allLessons();
const name = (l: TLessonFile) => `${l.hub}/${l.slug}`;
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

describe('exercises of the catalogue', () => {
  it('covers every lesson file', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(85);
  });

  it(`the correct option is the uniquely longest in at most ${MAX_LONGEST_SHARE * 100} % of multiple-choice items`, () => {
    const all = longestOptionFigure(lessons);
    const questions = longestOptionFigure(lessons, 'questions');
    const forms = longestOptionFigure(lessons, 'forms');
    const perHub = HUB_IDS.map((hub) => {
      const f = longestOptionFigure(lessons.filter((l) => l.hub === hub));
      return `  ${hub.padEnd(20)} ${String(f.longest).padStart(3)} / ${String(f.items).padEnd(3)} ${percent(f.share)}`;
    });
    // the opposite cue: the correct option as the uniquely shortest (held to the same limit)
    const shortest = lessons
      .flatMap((l) => l.questions)
      .filter((q) => q.options.every((o, i) => i === q.answer || o.length > q.options[q.answer].length)).length;
    console.log(
      [
        `correct option uniquely longest: ${all.longest} of ${all.items} multiple-choice items = ${percent(all.share)}` +
          ` (limit ${MAX_LONGEST_SHARE * 100} %)`,
        `  questions ${questions.longest} / ${questions.items} = ${percent(questions.share)};` +
          ` form-in-context ${forms.longest} / ${forms.items} = ${percent(forms.share)}`,
        ...perHub,
        `  (uniquely shortest: ${shortest} of ${questions.items} questions = ${percent(shortest / questions.items)})`,
      ].join('\n'),
    );
    expect(all.share).toBeLessThanOrEqual(MAX_LONGEST_SHARE);
    // and the questions on their own: the form items may not dilute them under the limit
    expect(questions.share).toBeLessThanOrEqual(MAX_LONGEST_SHARE);
    expect(shortest / questions.items).toBeLessThanOrEqual(MAX_LONGEST_SHARE);
  });

  it('every cloze, word-order and form item comes from a sentence of its lesson', () => {
    const problems = lessons.flatMap((l) => exerciseProblems(l).map((p) => `${name(l)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('every form-in-context option is a form of its lemma (data/dictionary/pl-morphology.tsv.gz)', () => {
    const tsv = gunzipSync(readFileSync(workspacePath('data', 'dictionary', 'pl-morphology.tsv.gz'))).toString('utf8');
    const morphology = parseMorphology(tsv);
    const problems = lessons.flatMap((l) => formMorphologyProblems(l, morphology).map((p) => `${name(l)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('every lesson has an inference question and a cloze, a word-order and a form exercise', () => {
    const checked = lessons.filter((l) => HUBS_WITH_EXERCISES.includes(l.hub));
    const missing = checked.flatMap((l) => {
      const m = missingExerciseKinds(l);
      return m.length ? [`${name(l)} lacks ${m.join(', ')}`] : [];
    });
    const counts = (type: string) => lessons.reduce((n, l) => n + (l.exercises ?? []).filter((x) => x.type === type).length, 0);
    console.log(
      `exercises: ${counts('cloze')} cloze, ${counts('word-order')} word order, ${counts('form')} form in context;` +
        ` ${lessons.reduce((n, l) => n + l.questions.filter((q) => q.kind === 'inference').length, 0)} inference` +
        ` questions; checked for all four in ${checked.length} lessons of ${HUBS_WITH_EXERCISES.length} hubs`,
    );
    expect(missing).toEqual([]);
  });

  it('a lesson file whose cloze answer is not the word of its sentence does not load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'polski-exercises-'));
    try {
      const file = join(dir, 'lessons', 'complete-beginner', 'complete-beginner-1.yaml');
      mkdirSync(join(dir, 'lessons', 'complete-beginner'), { recursive: true });
      const text = readFileSync(workspacePath('content', 'lessons', 'complete-beginner', 'complete-beginner-1.yaml'), 'utf8');
      expect(loadContentFile(workspacePath('content', 'lessons', 'complete-beginner', 'complete-beginner-1.yaml')).ok).toBe(true);
      writeFileSync(file, text.replace('answer: "dziękuję"', 'answer: "dziekuje"'));
      const result = loadContentFile(file);
      expect(result).toEqual({
        ok: false,
        problems: [expect.stringMatching(/^exercises\.0 \(cloze\): "Dobrze, dziekuje\." .* is not a sentence of the lesson$/)],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
