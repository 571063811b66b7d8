/**
 * The scenes of a video story (docs/content.md, "Video Stories: scenes and illustrations"). A story's text marks
 * each scene with a sentence that starts "Scena pierwsza: …", "Scena druga: …" (English "Scene one: …"); a scene
 * runs from its marking sentence up to the next one. This is the one place that reads the marks: the web app's
 * scene player, the content check that every scene has its illustration, and the docs all go through it.
 */

/** Polish ordinals (feminine, as in "scena pierwsza") of the scene numbers a story may use, from 1. */
export const SCENE_ORDINALS = [
  'pierwsza',
  'druga',
  'trzecia',
  'czwarta',
  'piąta',
  'szósta',
  'siódma',
  'ósma',
  'dziewiąta',
  'dziesiąta',
  'jedenasta',
  'dwunasta',
] as const;

const SCENE_MARK = /^Scena\s+(\p{L}+)\s*:\s*(.*)$/u;
const SCENE_MARK_EN = /^Scene\s+\w+\s*:\s*(.*)$/;

export interface TStoryScene {
  /** 1, 2, …: the number the text gives the scene, which is also the number of its illustration. */
  number: number;
  /** Where the scene starts: paragraph and sentence of the marking sentence, and its index in the whole text. */
  p: number;
  s: number;
  start: number;
  /** The flat index of the scene's last sentence (the sentence before the next mark, or the text's last). */
  end: number;
  /** What the mark says after the colon: "przed kopalnią w Wieliczce, niedaleko Krakowa." */
  title: string;
  titleEn: string;
}

export interface TSceneText {
  paragraphs: ReadonlyArray<{ sentences: ReadonlyArray<{ pl: string; en: string }> }>;
}

/** A problem with a story's scene marks; `findScenes` throws it, the content check reports it. */
export class SceneMarkError extends Error {}

/**
 * The scenes a text marks, in order. A text without marks has no scenes ([]). Throws a SceneMarkError when a mark
 * names an ordinal it does not know, or the numbers do not run 1, 2, 3, … in order.
 */
export function findScenes(text: TSceneText): TStoryScene[] {
  const scenes: TStoryScene[] = [];
  let index = 0;
  text.paragraphs.forEach((paragraph, p) => {
    paragraph.sentences.forEach((sentence, s) => {
      const m = SCENE_MARK.exec(sentence.pl.trim());
      if (m) {
        const ordinal = m[1].toLowerCase();
        const number = (SCENE_ORDINALS as readonly string[]).indexOf(ordinal) + 1;
        if (number === 0) throw new SceneMarkError(`"${sentence.pl}": "${m[1]}" is not a scene ordinal`);
        if (number !== scenes.length + 1) {
          throw new SceneMarkError(
            `"${sentence.pl}": scene ${number} comes where scene ${scenes.length + 1} should`,
          );
        }
        const last = scenes.at(-1);
        if (last) last.end = index - 1;
        scenes.push({
          number,
          p,
          s,
          start: index,
          end: index,
          title: m[2],
          titleEn: SCENE_MARK_EN.exec(sentence.en.trim())?.[1] ?? sentence.en,
        });
      }
      index += 1;
    });
  });
  const last = scenes.at(-1);
  if (last) last.end = index - 1;
  return scenes;
}

/**
 * The scene a sentence (by flat index) belongs to: the last scene starting at or before it; sentences before the
 * first mark belong to the first scene. -1 only when there are no scenes.
 */
export function sceneOfSentence(scenes: readonly TStoryScene[], sentence: number): number {
  if (!scenes.length) return -1;
  let found = 0;
  for (let i = 0; i < scenes.length; i += 1) if (scenes[i].start <= sentence) found = i;
  return found;
}
