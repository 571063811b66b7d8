// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { mediaHash } from '../../apps/api/src/modules/content/media/layout';

/**
 * Voices by role, the same for every provider (docs/content.md, "Voices"): the narrator reads lessons without
 * speakers and vocabulary; each character name keeps one voice across the whole catalogue.
 */
export const VOICE_SLOTS = [
  'narrator',
  'female-1',
  'female-2',
  'female-3',
  'male-1',
  'male-2',
  'male-3',
] as const;
export type TVoiceSlot = (typeof VOICE_SLOTS)[number];

/** Characters who appear in many lessons and the podcast's two hosts: fixed, so a new name never moves them. */
export const NAMED_VOICES: Record<string, TVoiceSlot> = {
  Ania: 'female-1',
  Anna: 'female-1',
  Kasia: 'female-2',
  Marta: 'female-3',
  Natalia: 'female-2',
  Magda: 'female-3',
  Tomek: 'male-1',
  Marek: 'male-2',
  Bartek: 'male-3',
  Piotr: 'male-2',
  Michał: 'male-3',
};

const FEMALE_TITLES =
  /^(pani|lekarka|kelnerka|mama|babcia|ciocia|starsza pani|sprzedawczyni|pielęgniarka)\b/i;
const MALE_TITLES = /^(pan|tata|dziadek|wujek|kelner|sprzedawca|lekarz|doktor|starszy pan)\b/i;

/** A Polish given name ending in -a is (almost always) a woman's; a few men's names are the exception. */
const MALE_NAMES_IN_A = new Set(['kuba', 'barnaba', 'bonawentura', 'kosma']);

export function guessGender(name: string): 'female' | 'male' {
  const n = name.trim();
  if (FEMALE_TITLES.test(n)) return 'female';
  if (MALE_TITLES.test(n)) return 'male';
  const first = n.split(/\s+/).pop()!.toLowerCase();
  return first.endsWith('a') && !MALE_NAMES_IN_A.has(first) ? 'female' : 'male';
}

/** The voice of a speaker: the named table, else by gender and a stable hash of the name (never the order seen). */
export function voiceFor(speaker: string | undefined): TVoiceSlot {
  if (!speaker) return 'narrator';
  const named = NAMED_VOICES[speaker.trim()];
  if (named) return named;
  const gender = guessGender(speaker);
  const n = (parseInt(mediaHash(speaker.trim().toLowerCase()).slice(0, 8), 16) % 3) + 1;
  return `${gender}-${n}` as TVoiceSlot;
}
