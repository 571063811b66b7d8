import type { TMediaSpeed } from '@polski/contracts';
import { SpeechProviderError, withRetries, type TSpeech, type TSpeechProvider } from './provider';
import type { TVoiceSlot } from './voices';

/** Azure's three Polish neural voices; the men's roles differ by pitch (docs/content.md, "Voices"). */
export const AZURE_VOICES: Record<TVoiceSlot, { name: string; pitch: string }> = {
  narrator: { name: 'pl-PL-ZofiaNeural', pitch: '+0%' },
  'female-1': { name: 'pl-PL-AgnieszkaNeural', pitch: '+0%' },
  'female-2': { name: 'pl-PL-ZofiaNeural', pitch: '+6%' },
  'female-3': { name: 'pl-PL-AgnieszkaNeural', pitch: '-6%' },
  'male-1': { name: 'pl-PL-MarekNeural', pitch: '+0%' },
  'male-2': { name: 'pl-PL-MarekNeural', pitch: '-8%' },
  'male-3': { name: 'pl-PL-MarekNeural', pitch: '+7%' },
};
export const AZURE_RATES: Record<TMediaSpeed, string> = { normal: '+0%', slow: '-25%' };

export interface TAzureSpeechOptions {
  key: string;
  region: string;
  /** Base URL (default https://<region>.tts.speech.microsoft.com); an http:// stand-in only outside production. */
  endpoint?: string;
  retryBaseMs?: number;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * Azure AI Speech through its documented text-to-speech REST API: `POST /cognitiveservices/v1` with an SSML body,
 * `Ocp-Apim-Subscription-Key` and `X-Microsoft-OutputFormat: riff-24khz-16bit-mono-pcm`; the answer is the WAV.
 */
export class AzureSpeechProvider implements TSpeechProvider {
  readonly id = 'azure' as const;
  readonly source = 'neural' as const;
  readonly voiceLabel = 'Natural voice (Azure AI Speech)';
  private readonly base: string;

  constructor(private readonly options: TAzureSpeechOptions) {
    this.base = (options.endpoint ?? `https://${options.region}.tts.speech.microsoft.com`).replace(
      /\/+$/,
      '',
    );
  }

  voice(slot: TVoiceSlot): string {
    const v = AZURE_VOICES[slot];
    return `${v.name}@${v.pitch}`;
  }

  static ssml(text: string, slot: TVoiceSlot, speed: TMediaSpeed): string {
    const v = AZURE_VOICES[slot];
    return (
      `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pl-PL">` +
      `<voice name="${v.name}"><prosody rate="${AZURE_RATES[speed]}" pitch="${v.pitch}">${escapeXml(text)}</prosody></voice></speak>`
    );
  }

  synthesize(text: string, slot: TVoiceSlot, speed: TMediaSpeed): Promise<TSpeech> {
    return withRetries(
      async () => {
        const res = await fetch(`${this.base}/cognitiveservices/v1`, {
          method: 'POST',
          headers: {
            'Ocp-Apim-Subscription-Key': this.options.key,
            'Content-Type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': 'riff-24khz-16bit-mono-pcm',
            'User-Agent': 'polski-od-zera-audio-render',
          },
          body: AzureSpeechProvider.ssml(text, slot, speed),
          signal: AbortSignal.timeout(30_000),
        });
        const audio = Buffer.from(await res.arrayBuffer());
        if (!res.ok)
          throw new SpeechProviderError(
            `Azure Speech answered ${res.status}: ${audio.toString('utf8').slice(0, 200)}`,
            res.status === 429 || res.status >= 500,
          );
        if (audio.length < 44 || audio.toString('latin1', 0, 4) !== 'RIFF')
          throw new SpeechProviderError('Azure Speech answered without a WAV file', false);
        return { audio, input: { format: 'wav' } };
      },
      3,
      this.options.retryBaseMs,
    );
  }

  async close(): Promise<void> {}
}
