import type { TConfig } from '../../config/env';
import { DEFAULT_DICTIONARY_DIR } from './dictionary/offline-dictionary';

/**
 * The translator's settings. They are read from the app's parsed configuration (config/env.ts owns the schema); until
 * the schema lists them they arrive as extra keys, so each is parsed defensively here.
 */
export interface TTranslationConfig {
  googleApiKey?: string;
  /** Host name, or a full base URL (http://127.0.0.1:9000) for fakes and proxies. */
  googleEndpoint?: string;
  deeplAuthKey?: string;
  deeplServerUrl?: string;
  timeoutMs: number;
  /** Translations per user per window (both routes together). */
  rateLimit: number;
  rateWindowSeconds: number;
  /** Word checks and dictionary lookups per client address per window. */
  wordCheckRateLimit: number;
  wordCheckRateWindowSeconds: number;
  dictionaryDir: string;
}

export const TRANSLATION_DEFAULTS = {
  timeoutMs: 8000,
  rateLimit: 60,
  rateWindowSeconds: 600,
  wordCheckRateLimit: 120,
  wordCheckRateWindowSeconds: 60,
} as const;

function str(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function int(v: unknown, fallback: number, min: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= min ? n : fallback;
}

export function readTranslationConfig(config: TConfig): TTranslationConfig {
  const c = config as unknown as Record<string, unknown>;
  return {
    googleApiKey: str(c.GOOGLE_TRANSLATE_API_KEY),
    googleEndpoint: str(c.GOOGLE_TRANSLATE_ENDPOINT),
    deeplAuthKey: str(c.DEEPL_AUTH_KEY),
    deeplServerUrl: str(c.DEEPL_SERVER_URL),
    timeoutMs: int(c.TRANSLATION_TIMEOUT_MS, TRANSLATION_DEFAULTS.timeoutMs, 100),
    rateLimit: int(c.TRANSLATION_RATE_LIMIT, TRANSLATION_DEFAULTS.rateLimit, 1),
    rateWindowSeconds: int(c.TRANSLATION_RATE_WINDOW_SECONDS, TRANSLATION_DEFAULTS.rateWindowSeconds, 1),
    wordCheckRateLimit: int(c.WORD_CHECK_RATE_LIMIT, TRANSLATION_DEFAULTS.wordCheckRateLimit, 1),
    wordCheckRateWindowSeconds: int(
      c.WORD_CHECK_RATE_WINDOW_SECONDS,
      TRANSLATION_DEFAULTS.wordCheckRateWindowSeconds,
      1,
    ),
    dictionaryDir: str(c.DICTIONARY_DATA_DIR) ?? DEFAULT_DICTIONARY_DIR,
  };
}
