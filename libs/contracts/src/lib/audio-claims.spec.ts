import {
  AUDIO_CLAIMS,
  CATALOGUE_LESSON_AUDIO,
  HOME_AUDIO_CLAIMS,
  MEDIA_SOURCES,
  audioClaims,
  catalogueAudioSource,
  homeAudioClaims,
} from '../index';

/** docs/product.md, "Honest audio claims": what the site says about audio follows what the catalogue has. */
describe('audio claims', () => {
  it('says "native" only for recordings, "natural" only for neural voices, "synthetic" for eSpeak NG', () => {
    for (const source of MEDIA_SOURCES) {
      const texts = Object.values(audioClaims(source)).join(' ').toLowerCase();
      expect(texts.includes('native')).toBe(source === 'recording');
      expect(texts.includes('natural')).toBe(source === 'neural');
      expect(texts.includes('synthetic')).toBe(source === 'synthetic');
    }
  });

  it('keeps the spec’s texts word for word where they are true', () => {
    expect(audioClaims('recording')).toMatchObject({
      short: 'Native audio',
      everyLesson: 'Native audio for every lesson',
      cardTitle: 'Native audio',
      cardText: 'Every lesson read by a native Polish speaker, sentence by sentence.',
    });
  });

  it('the site’s texts follow the catalogue constant', () => {
    expect(AUDIO_CLAIMS).toEqual(audioClaims(CATALOGUE_LESSON_AUDIO));
  });

  it('the home page’s texts follow the same constant', () => {
    expect(HOME_AUDIO_CLAIMS).toEqual(homeAudioClaims(CATALOGUE_LESSON_AUDIO));
    expect(homeAudioClaims('recording').hero).toBe('native audio');
    expect(homeAudioClaims('synthetic').method).toMatch(/^Audio for every lesson \(a synthetic voice\)/);
  });

  it('the catalogue’s plainest audio from per-hub counts: one lesson short of recordings is not "native"', () => {
    const hub = (lessons: number, recording: number, neural: number) => ({ lessons, recording, neural });
    expect(catalogueAudioSource([hub(3, 3, 0), hub(2, 2, 0)])).toBe('recording');
    expect(catalogueAudioSource([hub(3, 3, 0), hub(2, 1, 0)])).toBe('synthetic');
    expect(catalogueAudioSource([hub(3, 1, 2), hub(2, 0, 2)])).toBe('neural');
    expect(catalogueAudioSource([hub(3, 1, 1)])).toBe('synthetic');
    expect(catalogueAudioSource([])).toBe('synthetic');
  });
});
