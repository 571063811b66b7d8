import type { TMediaSource, TMediaSpeed } from '@polski/contracts';
import type { TAudioInput } from './ffmpeg';
import type { TVoiceSlot } from './voices';

/** One utterance's audio from a provider, with word timings when the provider gives them. */
export interface TSpeech {
  audio: Buffer;
  input: TAudioInput;
  /** Start of each word event, in ms from the clip start, with its UTF-16 offset in the text. */
  words?: { offset: number; ms: number }[];
}

/** A speech provider (docs/content.md, "Audio"): eSpeak NG offline, Google or Azure by their keys. */
export interface TSpeechProvider {
  readonly id: 'espeak' | 'google' | 'azure';
  readonly source: TMediaSource;
  /** What the player says about the voice. */
  readonly voiceLabel: string;
  /** The provider's voice for a role: part of every clip's hash, so a changed voice re-renders. */
  voice(slot: TVoiceSlot): string;
  synthesize(text: string, slot: TVoiceSlot, speed: TMediaSpeed): Promise<TSpeech>;
  close(): Promise<void>;
}

export class SpeechProviderError extends Error {
  constructor(
    message: string,
    /** Worth another try (rate limit, server error, network). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Retries a network provider's call on retryable errors with exponential back-off (3 tries). */
export async function withRetries<T>(fn: () => Promise<T>, tries = 3, baseMs = 500): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const retryable = e instanceof SpeechProviderError ? e.retryable : e instanceof TypeError; // fetch: network
      if (!retryable || attempt >= tries) throw e;
      await new Promise((r) => setTimeout(r, baseMs * 2 ** (attempt - 1)));
    }
  }
}

/** An http:// endpoint override (a local fake) is for tests and development: refused in production. */
export function checkEndpoint(name: string, url: string | undefined, env: NodeJS.ProcessEnv): void {
  if (url && env['NODE_ENV'] === 'production' && !url.startsWith('https://'))
    throw new Error(`${name}: an http:// endpoint (a local stand-in) is refused in production`);
}
