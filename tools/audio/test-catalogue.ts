import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A tiny catalogue for the audio tests: one narrated lesson (2 paragraphs) and one dialogue, 6 sentences in all. */
export function makeTinyCatalogue(): {
  root: string;
  contentDir: string;
  mediaDir: string;
  lessonFile: string;
} {
  const root = mkdtempSync(join(tmpdir(), 'polski-audio-'));
  const contentDir = join(root, 'content');
  const mediaDir = join(root, 'media');
  const common = (hub: string, slug: string, premium: boolean) =>
    [
      `hub: ${hub}`,
      `slug: ${slug}`,
      'order: 1',
      'title: Test',
      'titleEn: Test',
      'level: A1',
      `premium: ${premium}`,
      'summary: A short test lesson.',
      'readingMinutes: 1',
    ].join('\n');
  const tail = [
    'vocabulary:',
    '  - { pl: kot, pos: noun, en: cat }',
    '  - { pl: dom, pos: noun, en: house }',
    '  - { pl: mały, pos: adjective, en: small }',
    'questions:',
    ...[1, 2, 3].map(
      (n) =>
        `  - { question: "Pytanie ${n}?", questionEn: "Question ${n}?", options: ["Tak", "Nie"], answer: 0 }`,
    ),
  ].join('\n');
  mkdirSync(join(contentDir, 'lessons', 'complete-beginner'), { recursive: true });
  mkdirSync(join(contentDir, 'lessons', 'practical-dialogues'), { recursive: true });
  const lessonFile = join(contentDir, 'lessons', 'complete-beginner', 'tiny-1.yaml');
  writeFileSync(
    lessonFile,
    [
      common('complete-beginner', 'tiny-1', false),
      'paragraphs:',
      '  - sentences:',
      '      - { pl: "To jest mały kot.", en: "This is a small cat." }',
      '      - { pl: "Kot ma 3 lata.", en: "The cat is 3 years old." }',
      '  - sentences:',
      '      - { pl: "Dom jest duży.", en: "The house is big." }',
      tail,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(contentDir, 'lessons', 'practical-dialogues', 'tiny-talk.yaml'),
    [
      common('practical-dialogues', 'tiny-talk', true),
      'paragraphs:',
      '  - sentences:',
      '      - { speaker: Ania, pl: "Cześć, Tomek!", en: "Hi, Tomek!" }',
      '      - { speaker: Tomek, pl: "Cześć, Ania!", en: "Hi, Ania!" }',
      '      - { speaker: Ania, pl: "Jak się masz?", en: "How are you?" }',
      tail,
      '',
    ].join('\n'),
  );
  return { root, contentDir, mediaDir, lessonFile };
}
