import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { tokenize } from '@polski/contracts';
import { splitWords } from './split-words';

// The word annotations (docs/content.md, "Word annotations") have one entry per token of tokenize(); the lesson view
// makes a button of each word of splitWords(). Their words must be the same, in the same order, for every sentence
// of the catalogue, or a tap would open another word's explanation.
const contentDir = join(__dirname, '..', '..', '..', '..', '..', '..', 'content');

function sentences(): string[] {
  const out: string[] = [];
  const lessons = join(contentDir, 'lessons');
  for (const hub of readdirSync(lessons))
    for (const f of readdirSync(join(lessons, hub))) {
      const lesson = YAML.parse(readFileSync(join(lessons, hub, f), 'utf8'));
      for (const p of lesson.paragraphs) for (const s of p.sentences) out.push(s.pl);
    }
  return out;
}

describe('splitWords and the annotations tokeniser', () => {
  it('find the same words in every sentence of the catalogue; numbers in digits are the tokeniser’s only extra', () => {
    const all = sentences();
    expect(all.length).toBeGreaterThan(1500);
    for (const s of all) {
      const words = splitWords(s).flatMap((p) => (p.kind === 'word' ? [p.text] : []));
      const tokens = tokenize(s);
      expect(tokens.filter((t) => t.kind === 'word').map((t) => t.text)).toEqual(words);
      expect(tokens.filter((t) => t.kind === 'number').every((t) => /^\d/.test(t.text))).toBe(true);
    }
  });
});
