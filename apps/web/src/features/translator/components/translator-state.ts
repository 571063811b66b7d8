import {
  DEFAULT_NATIVE_LANGUAGE,
  NATIVE_LANGUAGE_CODES,
  POLISH,
  type TNativeLanguageCode,
  type TTranslationLanguage,
} from '@polski/contracts';

/**
 * The translator's state (docs/product.md, "Translator bar"): what is typed, the direction, and the outcome of the
 * last translation.
 */
export interface TTranslatorState {
  inputText: string;
  sourceLanguage: TTranslationLanguage;
  targetLanguage: TTranslationLanguage;
  translation: string;
  errorMessage: string;
}

type TDirection = Pick<TTranslatorState, 'sourceLanguage' | 'targetLanguage'>;

export function isNativeLanguage(code: string | null | undefined): code is TNativeLanguageCode {
  return Boolean(code) && (NATIVE_LANGUAGE_CODES as readonly string[]).includes(code as string);
}

/** docs/product.md, "Translator bar": Polish to the user's stored language, or to English. */
export function initialTranslatorState(lang: string | null | undefined): TTranslatorState {
  return {
    inputText: '',
    sourceLanguage: POLISH,
    targetLanguage: isNativeLanguage(lang) ? lang : DEFAULT_NATIVE_LANGUAGE,
    translation: '',
    errorMessage: '',
  };
}

/** The side that is not Polish (one side always is). */
export function otherLanguage(d: TDirection): TNativeLanguageCode {
  const other = d.sourceLanguage === POLISH ? d.targetLanguage : d.sourceLanguage;
  return isNativeLanguage(other) ? other : DEFAULT_NATIVE_LANGUAGE;
}

/**
 * One side is always Polish (docs/product.md, "Translator bar"): a non-Polish source makes the target Polish;
 * choosing Polish as the source sends the other language to the target.
 */
export function chooseSource(d: TDirection, code: TTranslationLanguage): TDirection {
  if (code === POLISH) return { sourceLanguage: POLISH, targetLanguage: otherLanguage(d) };
  return { sourceLanguage: code, targetLanguage: POLISH };
}

/** The mirror of chooseSource. */
export function chooseTarget(d: TDirection, code: TTranslationLanguage): TDirection {
  if (code === POLISH) return { sourceLanguage: otherLanguage(d), targetLanguage: POLISH };
  return { sourceLanguage: POLISH, targetLanguage: code };
}

/** The switch button: Polish → X becomes X → Polish and back. */
export function switchDirection(d: TDirection): TDirection {
  return { sourceLanguage: d.targetLanguage, targetLanguage: d.sourceLanguage };
}
