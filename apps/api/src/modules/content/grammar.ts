import type { TGrammarExample, TGrammarNote, TGrammarTopicFile, TLessonFile } from '@polski/contracts';

const LETTER = /[\p{L}\p{N}]/u;

/**
 * Every place where `word` stands in `sentence` as whole words (not inside a longer word). Case and diacritics
 * must match as written in the text.
 */
export function findWords(sentence: string, word: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let at = sentence.indexOf(word); at >= 0; at = sentence.indexOf(word, at + 1)) {
    const before = sentence.slice(0, at);
    const after = sentence.slice(at + word.length);
    const touchesBefore = before.length > 0 && LETTER.test(before.at(-1)!) && LETTER.test(word[0]);
    const touchesAfter = after.length > 0 && LETTER.test(after[0]) && LETTER.test(word.at(-1)!);
    if (!touchesBefore && !touchesAfter) out.push({ start: at, end: at + word.length });
  }
  return out;
}

/** The first place of `word` in `sentence` as whole words, or undefined. */
export function findWord(sentence: string, word: string): { start: number; end: number } | undefined {
  return findWords(sentence, word)[0];
}

/**
 * A lesson's `grammar:` resolved against the topics (docs/content.md, "Grammar notes"): each topic's title,
 * explanation and table with the lesson's examples located in its text. `problems` names every example whose
 * sentence is not one of the lesson's sentences, or whose word is not in that sentence exactly once, and every
 * unknown topic.
 */
export function resolveGrammar(
  lesson: TLessonFile,
  topics: ReadonlyMap<string, TGrammarTopicFile>,
): { notes: TGrammarNote[]; problems: string[] } {
  const problems: string[] = [];
  const notes: TGrammarNote[] = [];
  for (const [ni, entry] of (lesson.grammar ?? []).entries()) {
    const topic = topics.get(entry.topic);
    if (!topic) {
      problems.push(`grammar.${ni}.topic: no topic "${entry.topic}" in content/grammar`);
      continue;
    }
    const examples: TGrammarExample[] = [];
    for (const [ei, ex] of entry.examples.entries()) {
      const where = `grammar.${ni}.examples.${ei}`;
      let found: { paragraph: number; sentence: number } | undefined;
      lesson.paragraphs.forEach((p, pi) =>
        p.sentences.forEach((s, si) => {
          if (!found && s.pl === ex.sentence) found = { paragraph: pi, sentence: si };
        }),
      );
      if (!found) {
        problems.push(`${where}.sentence: "${ex.sentence}" is not a sentence of the lesson`);
        continue;
      }
      const spans = findWords(ex.sentence, ex.word);
      if (spans.length === 0) {
        problems.push(`${where}.word: "${ex.word}" is not a word of "${ex.sentence}"`);
        continue;
      }
      if (spans.length > 1) {
        // the text would highlight one of them while the line may explain the other: quote a longer, unique part
        problems.push(`${where}.word: "${ex.word}" is ${spans.length} times in "${ex.sentence}"; quote words that occur once`);
        continue;
      }
      examples.push({ ...found, word: ex.word, ...spans[0], en: ex.en });
    }
    notes.push({ topic: topic.id, title: topic.title, explanation: topic.explanation, table: topic.table, examples });
  }
  return { notes, problems };
}
