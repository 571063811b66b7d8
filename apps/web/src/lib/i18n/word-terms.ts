import type { TTranslate } from './i18n';

/** The select ids of the nouns' genders as the lexicon names them (ICU select keys have no spaces). */
const GENDER_IDS: Record<string, string> = {
  'masculine personal': 'mPersonal',
  'masculine animate': 'mAnimate',
  'masculine inanimate': 'mInanimate',
  feminine: 'feminine',
  neuter: 'neuter',
  'plural only': 'pluralOnly',
};

/**
 * Grammar terms of a word in the interface's language (a part of speech, a noun's gender, a verb's aspect): the
 * lexicon's English names are ids; one it does not know yet is shown as it is.
 */
export const partOfSpeech = (t: TTranslate, pos: string) => t('word.pos', { pos });
export const genderName = (t: TTranslate, gender: string) =>
  t('word.gender', { gender: GENDER_IDS[gender] ?? 'other', name: gender });
export const aspectName = (t: TTranslate, aspect: string) => t('word.aspect', { aspect });
