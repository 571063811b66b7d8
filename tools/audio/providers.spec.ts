import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AzureSpeechProvider } from './azure';
import { EspeakProvider } from './espeak';
import { googleOk, startFakeTts, toneWav } from './fake-tts';
import { decodedDurationMs } from './ffmpeg';
import { GoogleSpeechProvider } from './google';
import { SpeechProviderError } from './provider';
import { chooseProvider } from './providers';
import { renderCatalogue } from './render';
import { makeTinyCatalogue } from './test-catalogue';

/** The network providers against local HTTP stand-ins of their documented REST APIs, and how one is chosen. */
describe('speech providers', () => {
  let fake: Awaited<ReturnType<typeof startFakeTts>>;
  beforeAll(async () => {
    fake = await startFakeTts(() => googleOk());
  });
  afterAll(() => fake.close());

  it('Google: POST /v1/text:synthesize with the key, a Polish voice per role, LINEAR16 and the slow rate', async () => {
    fake.answer(() => googleOk(0.5));
    fake.requests.length = 0;
    const p = new GoogleSpeechProvider({ apiKey: 'g-key', endpoint: fake.url, retryBaseMs: 1 });
    const speech = await p.synthesize('Dzień dobry!', 'female-1', 'slow');
    expect(speech.input).toEqual({ format: 'wav' });
    expect(speech.audio.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(fake.requests).toHaveLength(1);
    const r = fake.requests[0];
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/text:synthesize');
    expect(r.query.get('key')).toBe('g-key');
    expect(JSON.parse(r.body)).toEqual({
      input: { text: 'Dzień dobry!' },
      voice: { languageCode: 'pl-PL', name: 'pl-PL-Chirp3-HD-Aoede' },
      audioConfig: { audioEncoding: 'LINEAR16', sampleRateHertz: 24000, speakingRate: 0.75 },
    });
    expect(p.voice('male-1')).not.toBe(p.voice('female-1'));
  });

  it('Google: retries a 503 and a 429, gives up on a 400 at once', async () => {
    let n = 0;
    fake.answer(() =>
      ++n <= 2
        ? { status: n === 1 ? 503 : 429, type: 'application/json', body: '{"error":{"message":"busy"}}' }
        : googleOk(),
    );
    fake.requests.length = 0;
    const p = new GoogleSpeechProvider({ apiKey: 'k', endpoint: fake.url, retryBaseMs: 1 });
    await expect(p.synthesize('Tak.', 'narrator', 'normal')).resolves.toMatchObject({
      input: { format: 'wav' },
    });
    expect(fake.requests).toHaveLength(3);
    fake.answer(() => ({
      status: 400,
      type: 'application/json',
      body: '{"error":{"message":"Invalid voice"}}',
    }));
    fake.requests.length = 0;
    const err = await p.synthesize('Tak.', 'narrator', 'normal').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as Error).message).toBe('Google Text-to-Speech answered 400: Invalid voice');
    expect(fake.requests).toHaveLength(1);
    fake.answer(() => ({ status: 200, type: 'application/json', body: '{}' }));
    await expect(p.synthesize('Tak.', 'narrator', 'normal')).rejects.toThrow('without audioContent');
  });

  it('Azure: POST /cognitiveservices/v1 with the key, SSML (voice, rate, pitch, escaped text) and the WAV format', async () => {
    fake.answer(() => ({ status: 200, type: 'audio/wav', body: toneWav(0.3) }));
    fake.requests.length = 0;
    const p = new AzureSpeechProvider({
      key: 'a-key',
      region: 'westeurope',
      endpoint: fake.url,
      retryBaseMs: 1,
    });
    const speech = await p.synthesize('Ala & "kot" <3', 'male-2', 'slow');
    expect(speech.audio.length).toBeGreaterThan(44);
    const r = fake.requests[0];
    expect(r.path).toBe('/cognitiveservices/v1');
    expect(r.headers['ocp-apim-subscription-key']).toBe('a-key');
    expect(r.headers['content-type']).toBe('application/ssml+xml');
    expect(r.headers['x-microsoft-outputformat']).toBe('riff-24khz-16bit-mono-pcm');
    expect(r.body).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pl-PL"><voice name="pl-PL-MarekNeural">' +
        '<prosody rate="-25%" pitch="-8%">Ala &amp; &quot;kot&quot; &lt;3</prosody></voice></speak>',
    );
    let n = 0;
    fake.answer(() =>
      ++n === 1
        ? { status: 500, type: 'text/plain', body: 'oops' }
        : { status: 200, type: 'audio/wav', body: toneWav(0.2) },
    );
    await expect(p.synthesize('Tak.', 'narrator', 'normal')).resolves.toBeDefined();
    fake.answer(() => ({ status: 401, type: 'text/plain', body: 'bad key' }));
    await expect(p.synthesize('Tak.', 'narrator', 'normal')).rejects.toThrow(
      'Azure Speech answered 401: bad key',
    );
    fake.answer(() => ({ status: 200, type: 'text/html', body: '<html>proxy</html>' }));
    await expect(p.synthesize('Tak.', 'narrator', 'normal')).rejects.toThrow('without a WAV file');
  });

  it('chooses by key, and refuses a stand-in (http://) endpoint in production', async () => {
    expect(chooseProvider({})).toBeInstanceOf(EspeakProvider);
    expect(chooseProvider({ GOOGLE_TTS_API_KEY: 'k' })).toBeInstanceOf(GoogleSpeechProvider);
    expect(chooseProvider({ AZURE_SPEECH_KEY: 'k', AZURE_SPEECH_REGION: 'westeurope' })).toBeInstanceOf(
      AzureSpeechProvider,
    );
    expect(chooseProvider({ GOOGLE_TTS_API_KEY: 'k' }, 'espeak')).toBeInstanceOf(EspeakProvider);
    expect(() => chooseProvider({}, 'google')).toThrow('GOOGLE_TTS_API_KEY: required');
    expect(() => chooseProvider({ AZURE_SPEECH_KEY: 'k' }, 'azure')).toThrow('AZURE_SPEECH_REGION');
    expect(() => chooseProvider({ AZURE_SPEECH_KEY: 'k', AZURE_SPEECH_REGION: 'west europe/x' })).toThrow(
      'a region name',
    );
    expect(() => chooseProvider({}, 'polly')).toThrow('Unknown speech provider "polly"');
    const prod = {
      NODE_ENV: 'production',
      GOOGLE_TTS_API_KEY: 'k',
      GOOGLE_TTS_ENDPOINT: 'http://127.0.0.1:9',
    };
    expect(() => chooseProvider(prod)).toThrow('refused in production');
    expect(() =>
      chooseProvider({
        NODE_ENV: 'production',
        AZURE_SPEECH_KEY: 'k',
        AZURE_SPEECH_REGION: 'x',
        AZURE_SPEECH_ENDPOINT: 'http://127.0.0.1:9',
      }),
    ).toThrow('refused in production');
    expect(chooseProvider({ ...prod, GOOGLE_TTS_ENDPOINT: 'https://tts.example' })).toBeInstanceOf(
      GoogleSpeechProvider,
    );
  });

  it('renders a lesson through the Google stand-in into a `neural` track', async () => {
    const cat = makeTinyCatalogue();
    try {
      fake.answer(() => googleOk(0.4));
      const provider = new GoogleSpeechProvider({ apiKey: 'k', endpoint: fake.url, retryBaseMs: 1 });
      const result = await renderCatalogue({
        contentDir: cat.contentDir,
        mediaDir: cat.mediaDir,
        provider,
        only: ['lessons/practical-dialogues'],
      });
      expect(result.failures).toEqual([]);
      const dir = join(cat.mediaDir, 'lessons', 'practical-dialogues', 'tiny-talk');
      const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(m).toMatchObject({
        source: 'neural',
        voiceLabel: 'Natural voice (Google Cloud Text-to-Speech)',
        provider: 'google',
      });
      // three 0.4 s sentences and two 500 ms turn pauses
      expect(await decodedDurationMs(join(dir, m.tracks[0].file))).toBe(m.tracks[0].durationMs);
      expect(Math.abs(m.tracks[0].durationMs - (3 * 400 + 2 * 500))).toBeLessThanOrEqual(3);
      expect(m.tracks[0].sentences[1]).toEqual({ p: 0, s: 1, startMs: 900, endMs: 1300 });
    } finally {
      rmSync(cat.root, { recursive: true, force: true });
    }
  });
});
