import { MEDIA_SOURCES, audioClaims, catalogueAudioSource, homeAudioClaims } from '../index';

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

  it('names no kind of voice while the catalogue’s audio is not known', () => {
    const texts = Object.values(audioClaims(undefined)).join(' ').toLowerCase();
    for (const word of ['native', 'natural', 'synthetic', 'speaker']) expect(texts).not.toContain(word);
    expect(homeAudioClaims(undefined)).toEqual({
      hero: 'audio',
      method:
        'Audio for every lesson, slow-paced stories and listening practice that trains your ear step by step.',
    });
  });

  it('the home page’s texts follow the source', () => {
    expect(homeAudioClaims('recording').hero).toBe('native audio');
    expect(homeAudioClaims('synthetic').hero).toBe('audio');
    expect(homeAudioClaims('synthetic').method).toMatch(/^Audio for every lesson \(a synthetic voice\)/);
    expect(homeAudioClaims('neural').method).toMatch(/^Audio for every lesson \(a natural voice\)/);
  });

  it('the catalogue’s plainest audio from per-hub counts: one lesson short of recordings is not "native"', () => {
    const hub = (lessons: number, recording: number, neural: number) => ({ lessons, recording, neural });
    expect(catalogueAudioSource([hub(3, 3, 0), hub(2, 2, 0)])).toBe('recording');
    expect(catalogueAudioSource([hub(3, 3, 0), hub(2, 1, 0)])).toBe('synthetic');
    expect(catalogueAudioSource([hub(3, 1, 2), hub(2, 0, 2)])).toBe('neural');
    expect(catalogueAudioSource([hub(3, 1, 1)])).toBe('synthetic');
    // no summary at all (an older API): unknown, not a claim
    expect(catalogueAudioSource([])).toBeUndefined();
    expect(catalogueAudioSource([undefined, undefined])).toBeUndefined();
    // a hub without audio yet counts as the plainest
    expect(catalogueAudioSource([hub(3, 3, 0), undefined])).toBe('recording');
    expect(catalogueAudioSource([hub(3, 3, 0), hub(1, 0, 0)])).toBe('synthetic');
  });
});
