import { VOICE_PROVIDERS, type TMedia } from '@polski/contracts';
import { i18n, type TMessageKey, type TMessageValues, type TTranslate } from './i18n';

/**
 * Texts the API sends in English beside a stable id (docs/i18n.md, "What the API sends"): the web says them through
 * its own catalogue, and shows the API's English as it is where the catalogue has no key for the id (an older
 * API without ids, an id the API added later).
 */

/** Whether the active catalogue (over English) has `key`. */
export function hasKey(key: string): key is TMessageKey {
  return Object.prototype.hasOwnProperty.call(i18n.messages, key);
}

/** The catalogue's text of `prefix + id` with `params`, else the API's `english`. */
export function apiText(
  t: TTranslate,
  prefix: string,
  id: string | undefined,
  english: string,
  params?: TMessageValues,
): string {
  const key = id ? `${prefix}${id}` : '';
  return key && hasKey(key) ? t(key, params) : english;
}

/** An inflection table's title, heading, row label or note (GET /api/words/inflection) by its id. */
export const termText = (t: TTranslate, id: string | undefined, english: string, params?: TMessageValues) =>
  apiText(t, 'inflection.term.', id, english, params);

/**
 * What speaks a lesson's or an episode's audio (`media.source` and `media.provider`) in the interface language:
 * "Synthetic voice (eSpeak NG)", "Synthetische Stimme (eSpeak NG)". The providers' names stay as their owners write
 * them (VOICE_PROVIDERS); a provider the web does not know, or an answer without one, shows the API's `voiceLabel`.
 */
export function voiceText(t: TTranslate, media: Pick<TMedia, 'voiceLabel' | 'source' | 'provider'>): string {
  if (media.source === 'recording') return apiText(t, 'player.voice.', 'recording', media.voiceLabel);
  const known = media.provider && Object.prototype.hasOwnProperty.call(VOICE_PROVIDERS, media.provider);
  if (!known) return media.voiceLabel;
  return apiText(t, 'player.voice.', media.source, media.voiceLabel, {
    provider: VOICE_PROVIDERS[media.provider!],
  });
}
