/**
 * Checks of a lesson's exercises against its own text (run on every file that is loaded) and of the whole
 * catalogue (run by apps/api/src/modules/content/exercises.spec.ts): docs/content.md, "Exercises". Without zod.
 */
import { BLANK } from './content-kinds';
import {
  correctIsUniquelyLongest,
  fillBlank,
  lessonSentences,
  splitAtBlank,
  wordTokens,
  type TExerciseLessonText,
} from './exercise-engine';

/** The shapes these checks read (the lesson file's types, without depending on its zod schema). */
interface TCheckedExercise {
  type: string;
  text?: string;
  answer?: string | number;
  sentence?: string;
  words?: readonly string[];
  alsoCorrect?: readonly string[];
  lemma?: string;
  options?: readonly string[];
}
export interface TCheckedLesson extends TExerciseLessonText {
  hub: string;
  slug: string;
  questions: readonly { options: readonly string[]; answer: number; kind?: string }[];
  exercises?: readonly TCheckedExercise[];
}

const lower = (s: string) => s.normalize('NFC').toLocaleLowerCase('pl');
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

function blankProblems(text: string): string[] {
  const [before, after] = splitAtBlank(text);
  return isWordChar(before.at(-1)) || isWordChar(after[0])
    ? [`the blank ${BLANK} must stand for a whole word (no letters touching it)`]
    : [];
}

/**
 * What is wrong with the exercises of `lesson` as measured against its own text: a cloze or form sentence that is
 * not a sentence of the text once its blank is filled, form options that are not distinct or of which more than one
 * gives the text's sentence, word-order pieces that are not the sentence's words. Each problem starts with the
 * item's path (`exercises.3: ...`).
 */
export function exerciseProblems(
  lesson: TExerciseLessonText & { exercises?: readonly TCheckedExercise[] },
): string[] {
  const sentences = new Set(lessonSentences(lesson).map((s) => s.pl.normalize('NFC')));
  const inText = (s: string) => sentences.has(s.normalize('NFC').trim());
  const problems: string[] = [];
  (lesson.exercises ?? []).forEach((x, i) => {
    const at = (msg: string) => problems.push(`exercises.${i} (${x.type}): ${msg}`);
    if (x.type === 'cloze' && typeof x.text === 'string' && typeof x.answer === 'string') {
      blankProblems(x.text).forEach(at);
      if (!inText(fillBlank(x.text, x.answer))) {
        at(`"${fillBlank(x.text, x.answer)}" (the text with its answer) is not a sentence of the lesson`);
      }
    } else if (x.type === 'form' && typeof x.text === 'string' && x.options && typeof x.answer === 'number') {
      const text = x.text;
      blankProblems(text).forEach(at);
      const options = x.options;
      if (new Set(options.map(lower)).size !== options.length) at('the options must be different words');
      if (!inText(fillBlank(text, options[x.answer] ?? ''))) {
        at(
          `"${fillBlank(text, options[x.answer] ?? '')}" (the text with its answer) is not a sentence of the lesson`,
        );
      }
      const fits = options.filter((o) => inText(fillBlank(text, o)));
      if (fits.length > 1) at(`more than one option gives a sentence of the text: ${fits.join(', ')}`);
    } else if (x.type === 'word-order' && typeof x.sentence === 'string' && x.words) {
      if (!inText(x.sentence)) at(`"${x.sentence}" is not a sentence of the lesson`);
      const tokens = wordTokens(x.sentence);
      const pieces = wordTokens(x.words.join(' '));
      // the first word may be written in lower case, so that a capital does not give the start away
      const same =
        pieces.length === tokens.length &&
        pieces.every((p, j) => (j === 0 ? lower(p) === lower(tokens[0]) : p === tokens[j]));
      if (!same) at(`the words [${x.words.join(' | ')}] are not the words of "${x.sentence}" in its order`);
      for (const w of x.words) if (wordTokens(w).length === 0) at(`"${w}" has no word in it`);
      const key = (t: readonly string[]) => t.map(lower).sort().join(' ');
      const seen = new Set([tokens.map(lower).join(' ')]);
      for (const alt of x.alsoCorrect ?? []) {
        const t = wordTokens(alt);
        if (key(t) !== key(tokens))
          at(`"${alt}" (also correct) does not use exactly the words of the sentence`);
        const order = t.map(lower).join(' ');
        if (seen.has(order)) at(`"${alt}" (also correct) repeats the text's order or another listed order`);
        seen.add(order);
      }
    }
  });
  return problems;
}

// ---- morphology ---------------------------------------------------------------------------------------------

/** Lemma -> its forms, the lemma itself included (lower case). */
export type TMorphology = ReadonlyMap<string, ReadonlySet<string>>;

/** Parses data/dictionary/pl-morphology.tsv(.gz, unzipped): one line per lemma, `lemma<TAB>form form ...`. */
export function parseMorphology(tsv: string): TMorphology {
  const map = new Map<string, Set<string>>();
  for (const line of tsv.split('\n')) {
    const [lemma, forms = ''] = line.split('\t');
    if (!lemma) continue;
    const key = lower(lemma.trim());
    const set = map.get(key) ?? new Set<string>([key]);
    for (const f of forms.split(/\s+/)) if (f) set.add(lower(f));
    map.set(key, set);
  }
  return map;
}

/** Form-in-context items whose lemma the data does not know, or whose options are not all forms of it. */
export function formMorphologyProblems(lesson: TCheckedLesson, morphology: TMorphology): string[] {
  const problems: string[] = [];
  (lesson.exercises ?? []).forEach((x, i) => {
    if (x.type !== 'form' || !x.lemma || !x.options) return;
    const forms = morphology.get(lower(x.lemma));
    if (!forms) {
      problems.push(`exercises.${i} (form): the lemma "${x.lemma}" is not in the morphology data`);
      return;
    }
    const foreign = x.options.filter((o) => !forms.has(lower(o)));
    if (foreign.length) {
      problems.push(
        `exercises.${i} (form): ${foreign.map((o) => `"${o}"`).join(', ')} not a form of "${x.lemma}"`,
      );
    }
  });
  return problems;
}

// ---- the catalogue ------------------------------------------------------------------------------------------

export interface TLongestOptionFigure {
  /** Multiple-choice items: comprehension questions and form-in-context items. */
  items: number;
  /** Of those, items whose correct option is the uniquely longest. */
  longest: number;
  /** longest / items, 0..1. */
  share: number;
}

/** How often the correct option is the uniquely longest, over the questions and form items of `lessons`. */
export function longestOptionFigure(
  lessons: readonly TCheckedLesson[],
  which: 'all' | 'questions' | 'forms' = 'all',
): TLongestOptionFigure {
  let items = 0;
  let longest = 0;
  const count = (options: readonly string[], answer: number) => {
    items += 1;
    if (correctIsUniquelyLongest(options, answer)) longest += 1;
  };
  for (const l of lessons) {
    if (which !== 'forms') for (const q of l.questions) count(q.options, q.answer);
    if (which !== 'questions') {
      for (const x of l.exercises ?? []) {
        if (x.type === 'form' && x.options && typeof x.answer === 'number') count(x.options, x.answer);
      }
    }
  }
  return { items, longest, share: items ? longest / items : 0 };
}

/** What a lesson lacks: an inference question, or an exercise of each type. */
export function missingExerciseKinds(lesson: TCheckedLesson): string[] {
  const missing: string[] = [];
  if (!lesson.questions.some((q) => q.kind === 'inference')) missing.push('an inference question');
  for (const type of ['cloze', 'word-order', 'form']) {
    if (!(lesson.exercises ?? []).some((x) => x.type === type)) missing.push(`a ${type} exercise`);
  }
  return missing;
}
