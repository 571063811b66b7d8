import { AUDIO_CLAIMS, CATALOGUE_LESSON_AUDIO, MEDIA_SOURCES, audioClaims } from '../index';

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
});
