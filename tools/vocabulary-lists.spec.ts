// The vocabulary lists' rule (tools/vocabulary-lists.ts, docs/content.md "Word frequency and the vocabulary list")
// and the frequency list it grades by (tools/build-frequency.ts). Run: npx jest -c tools/jest.config.js
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { HUB_IDS } from '@polski/contracts';
import { Morphology } from './annotate/data';
import {
  formatFrequencyFile,
  FREQUENCY_FILE,
  loadFrequency,
  rankLemmas,
  rankedForms,
} from './build-frequency';
import { gunzipSync } from 'node:zlib';
import { checkVocabulary, covers, fixLessonText, LEVEL_VOCABULARY, lemmaRank } from './vocabulary-lists';

const morph = Morphology.load();

describe('the frequency list', () => {
  it('ranks lemmas, not forms, and gives shared forms to the likely lemma', () => {
    // "mam" is mieć (as "masz" is) and the genitive plural of mama; "od" is the preposition and the genitive plural of oda
    const ranked = rankLemmas(['mam', 'od', 'masz', 'mama', 'mamy', 'ody'], morph);
    expect(ranked.indexOf('mieć')).toBeLessThan(ranked.indexOf('mama'));
    expect(ranked.indexOf('od')).toBeLessThan(ranked.indexOf('oda'));
    // a lowercase subtitle form Morfologik knows only capitalised
    expect(rankLemmas(['krakowa', 'francji'], morph)).toEqual(['Kraków', 'Francja']);
  });

  it('is what tools/build-frequency.ts makes of the package (rebuild it after changing either)', () => {
    const committed = gunzipSync(readFileSync(FREQUENCY_FILE)).toString('utf8');
    expect(committed).toBe(formatFrequencyFile(rankLemmas(rankedForms(), morph)));
  });

  it('puts everyday words before rare ones', () => {
    const ranks = loadFrequency();
    expect(ranks.size).toBeGreaterThan(9000);
    for (const [common, rare] of [
      ['być', 'zegarmistrz'],
      ['dom', 'arcybiskupstwo'],
      ['pies', 'suwnica'],
    ])
      expect(lemmaRank(ranks, common)).toBeLessThan(lemmaRank(ranks, rare));
    expect(lemmaRank(ranks, 'uczyć się')).toBe(ranks.get('uczyć'));
    expect(lemmaRank(ranks, 'arcybiskupstwo')).toBe(Infinity);
  });
});

describe('vocabulary lists', () => {
  const report = checkVocabulary();

  it('cover every word above the lesson level in every lesson, with gender and aspect partner', () => {
    const lines = HUB_IDS.map((hub) => {
      const of = report.filter((l) => l.hub === hub);
      const hard = of.reduce((n, l) => n + l.hard.length, 0);
      return `${hub.padEnd(22)} ${String(of.length).padStart(3)} lessons ${String(hard).padStart(5)} hard words`;
    });
    console.log(`vocabulary lists (level limits ${JSON.stringify(LEVEL_VOCABULARY)}):\n${lines.join('\n')}`);
    expect(report).toHaveLength(85);
    expect(report.flatMap((l) => l.missing.map((m) => `${l.hub}/${l.slug}: ${m.lemma}`))).toEqual([]);
    expect(report.flatMap((l) => l.problems.map((p) => `${l.hub}/${l.slug}: ${p}`))).toEqual([]);
    // every listed noun has its gender and every listed verb its aspect
    for (const l of report)
      for (const v of l.vocabulary) {
        if (v.pos === 'noun') expect(v.gender).toBeDefined();
        if (v.pos === 'verb') expect(v.aspect).toBeDefined();
      }
  });

  it('grades by level: an A1 lesson lists more of its words than the same words would need at B2', () => {
    const lesson = report.find((l) => l.slug === 'complete-beginner-20')!;
    expect(lesson.hard.map((h) => h.lemma)).toEqual(expect.arrayContaining(['kawiarnia', 'szarlotka']));
    for (const h of lesson.hard) expect(h.rank).toBeGreaterThan(LEVEL_VOCABULARY[lesson.level]);
  });

  it('fails on a lesson whose list loses a hard word, and --fix puts it back with its grammar', () => {
    const lesson = report.find((l) => l.slug === 'autobus-numer-siedem')!;
    const dropped = lesson.hard.find((h) => h.pos === 'noun')!;
    const index = lesson.vocabulary.findIndex((v) => covers(v, dropped.lemma));
    expect(index).toBeGreaterThanOrEqual(0);
    const broken = { ...lesson, vocabulary: lesson.vocabulary.filter((_, i) => i !== index) };
    // what the check sees without it
    const missing = broken.hard.filter((h) => !broken.vocabulary.some((v) => covers(v, h.lemma)));
    expect(missing.map((m) => m.lemma)).toEqual([dropped.lemma]);
    // and the file --fix writes for it
    const text = readFileSync(lesson.file, 'utf8');
    const lines = text.split('\n');
    const start = lines.indexOf('vocabulary:');
    const items: number[] = [];
    lines.forEach((line, i) => {
      if (i > start && line.startsWith('  - ')) items.push(i);
    });
    let end = items[index] + 1;
    while (lines[end].startsWith('    ')) end++;
    const without = [...lines.slice(0, items[index]), ...lines.slice(end)].join('\n');
    const grammar = new Map(
      [...lesson.grammar].filter(([i]) => i !== index).map(([i, g]) => [i > index ? i - 1 : i, g]),
    );
    const fixed = fixLessonText(without, { ...broken, missing, grammar });
    expect(fixed).toContain(
      `  - pl: ${dropped.lemma}\n    pos: noun\n    en: ${dropped.meaning}\n    gender: ${dropped.gender}\n`,
    );
  });
});
