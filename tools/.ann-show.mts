import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { tokenize } from '../libs/contracts/src/lib/annotations.ts';
const [id, lemma] = process.argv.slice(2);
const lesson = parse(readFileSync(`content/lessons/${id}.yaml`, 'utf8'));
const texts: string[] = lesson.paragraphs.flatMap((p: any) => p.sentences.map((s: any) => s.pl));
const ens: string[] = lesson.paragraphs.flatMap((p: any) => p.sentences.map((s: any) => s.en));
const ann = JSON.parse(readFileSync(`content/annotations/lessons/${id}.json`, 'utf8')).annotations;
ann.blocks.forEach((b: any[], bi: number) => {
  const words = tokenize(texts[bi]);
  b.forEach((t: any, ti: number) => {
    if (!t) return;
    const lx = ann.lexemes[t.lexeme];
    if (lx && lx.lemma === lemma) console.log(bi, ti, JSON.stringify(words[ti]?.text ?? '?'), t.form, '|', lx.meaning, '|', texts[bi], '|', ens[bi]);
  });
});
