/**
 * The language of one translated text of a content answer (docs/api.md, "Language of the content"): the answer's
 * `lang`, or English for a text named in its `fallback` (and for an answer without `lang`). The text's element
 * carries it as `lang`, so that a screen reader reads a German translation with a German voice.
 */
export function translationLang(
  answer: { lang?: string; fallback?: readonly string[] } | undefined,
  key: string,
): string {
  if (!answer?.lang || answer.fallback?.includes(key)) return 'en';
  return answer.lang;
}
