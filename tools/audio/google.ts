import type { TMediaSpeed } from '@polski/contracts';
import { SpeechProviderError, withRetries, type TSpeech, type TSpeechProvider } from './provider';
import type { TVoiceSlot } from './voices';

/** Google Cloud Text-to-Speech's Polish Chirp 3 HD voices by role (docs/content.md, "Voices"). */
export const GOOGLE_VOICES: Record<TVoiceSlot, string> = {
  narrator: 'pl-PL-Chirp3-HD-Kore',
  'female-1': 'pl-PL-Chirp3-HD-Aoede',
  'female-2': 'pl-PL-Chirp3-HD-Leda',
  'female-3': 'pl-PL-Chirp3-HD-Zephyr',
  'male-1': 'pl-PL-Chirp3-HD-Charon',
  'male-2': 'pl-PL-Chirp3-HD-Puck',
  'male-3': 'pl-PL-Chirp3-HD-Orus',
};
export const GOOGLE_RATES: Record<TMediaSpeed, number> = { normal: 1, slow: 0.75 };

export interface TGoogleTtsOptions {
  apiKey: string;
  /** Base URL (default https://texttospeech.googleapis.com); an http:// stand-in only outside production. */
  endpoint?: string;
  retryBaseMs?: number;
}

/**
 * Google Cloud Text-to-Speech through its documented REST API, `POST /v1/text:synthesize?key=...` with
 * {input: {text}, voice: {languageCode, name}, audioConfig: {audioEncoding: LINEAR16, sampleRateHertz, speakingRate}};
 * the answer's `audioContent` is a base64 WAV file.
 */
export class GoogleSpeechProvider implements TSpeechProvider {
  readonly id = 'google' as const;
  readonly source = 'neural' as const;
  readonly voiceLabel = 'Natural voice (Google Cloud Text-to-Speech)';
  private readonly base: string;

  constructor(private readonly options: TGoogleTtsOptions) {
    this.base = (options.endpoint ?? 'https://texttospeech.googleapis.com').replace(/\/+$/, '');
  }

  voice(slot: TVoiceSlot): string {
    return GOOGLE_VOICES[slot];
  }

  synthesize(text: string, slot: TVoiceSlot, speed: TMediaSpeed): Promise<TSpeech> {
    return withRetries(
      async () => {
        const url = `${this.base}/v1/text:synthesize?key=${encodeURIComponent(this.options.apiKey)}`;
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            input: { text },
            voice: { languageCode: 'pl-PL', name: GOOGLE_VOICES[slot] },
            audioConfig: {
              audioEncoding: 'LINEAR16',
              sampleRateHertz: 24000,
              speakingRate: GOOGLE_RATES[speed],
            },
          }),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await res.json().catch(() => ({}))) as {
          audioContent?: string;
          error?: { message?: string };
        };
        if (!res.ok)
          throw new SpeechProviderError(
            `Google Text-to-Speech answered ${res.status}: ${body.error?.message ?? 'no message'}`,
            res.status === 429 || res.status >= 500,
          );
        if (typeof body.audioContent !== 'string' || !body.audioContent)
          throw new SpeechProviderError('Google Text-to-Speech answered without audioContent', false);
        return { audio: Buffer.from(body.audioContent, 'base64'), input: { format: 'wav' } };
      },
      3,
      this.options.retryBaseMs,
    );
  }

  async close(): Promise<void> {}
}
