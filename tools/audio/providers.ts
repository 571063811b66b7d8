import { AzureSpeechProvider } from './azure';
import { EspeakProvider } from './espeak';
import { GoogleSpeechProvider } from './google';
import { checkEndpoint, type TSpeechProvider } from './provider';

export type TProviderId = TSpeechProvider['id'];
export const PROVIDER_IDS: readonly TProviderId[] = ['espeak', 'google', 'azure'];

/**
 * The provider for a render (docs/deploy.md, "Audio"): `wanted` (--provider or TTS_PROVIDER), else Google when
 * GOOGLE_TTS_API_KEY is set, else Azure when AZURE_SPEECH_KEY and AZURE_SPEECH_REGION are, else eSpeak NG.
 */
export function chooseProvider(
  env: NodeJS.ProcessEnv = process.env,
  wanted = env['TTS_PROVIDER'],
): TSpeechProvider {
  const id = wanted || (env['GOOGLE_TTS_API_KEY'] ? 'google' : env['AZURE_SPEECH_KEY'] ? 'azure' : 'espeak');
  switch (id) {
    case 'espeak':
      return new EspeakProvider();
    case 'google': {
      const apiKey = env['GOOGLE_TTS_API_KEY'];
      if (!apiKey) throw new Error('GOOGLE_TTS_API_KEY: required for the google provider');
      checkEndpoint('GOOGLE_TTS_ENDPOINT', env['GOOGLE_TTS_ENDPOINT'], env);
      return new GoogleSpeechProvider({ apiKey, endpoint: env['GOOGLE_TTS_ENDPOINT'] });
    }
    case 'azure': {
      const key = env['AZURE_SPEECH_KEY'];
      const region = env['AZURE_SPEECH_REGION'];
      if (!key || !region)
        throw new Error('AZURE_SPEECH_KEY and AZURE_SPEECH_REGION: required for the azure provider');
      if (!/^[a-z0-9]+$/.test(region)) throw new Error('AZURE_SPEECH_REGION: a region name like westeurope');
      checkEndpoint('AZURE_SPEECH_ENDPOINT', env['AZURE_SPEECH_ENDPOINT'], env);
      return new AzureSpeechProvider({ key, region, endpoint: env['AZURE_SPEECH_ENDPOINT'] });
    }
    default:
      throw new Error(`Unknown speech provider "${id}" (one of ${PROVIDER_IDS.join(', ')})`);
  }
}
