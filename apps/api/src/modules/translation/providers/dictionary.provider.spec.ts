import { offlineDictionary } from '../dictionary/offline-dictionary';
import { DICTIONARY_MAX_WORDS, DictionaryTranslationProvider } from './dictionary.provider';

describe('offline dictionary provider (the shipped data/dictionary files)', () => {
  const provider = new DictionaryTranslationProvider(offlineDictionary());
  const signal = new AbortController().signal;
  const tr = (text: string, source: string, target: string) =>
    provider.translate({ text, source: source as 'pl', target: target as 'en' }, signal);

  it('looks a dictionary form up directly', async () => {
    expect(await tr('kot', 'pl', 'en')).toBe('kot (noun): cat; dust bunny; freshman');
  });

  it.each([
    ['kota', 'kota → kot (noun): cat'],
    ['psa', 'psa → pies (noun): dog, hound'],
    ['poszedłem', 'poszedłem → pójść (verb): go'],
    ['Psami', 'Psami → pies (noun): dog'],
  ])('reduces the inflected form %s to its lemma first', async (word, start) => {
    expect(await tr(word, 'pl', 'en')).toMatch(new RegExp(`^${start.replace(/[()]/g, '\\$&')}`));
  });

  it('shows every likely lemma of an ambiguous form, the fuller entry first', async () => {
    const out = await tr('mam', 'pl', 'en');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^mam → mieć \(verb\): .*have/);
    expect(lines.some((l) => l.startsWith('mam → mama'))).toBe(true);
  });

  it('answers a phrase word by word, and a set phrase as a whole first', async () => {
    const out = await tr('Mam kota i psa.', 'pl', 'de');
    expect(out.split('\n')).toEqual(
      expect.arrayContaining([
        'kota → kot (noun): Katze, Kater',
        'psa → pies (noun): Hund',
        'i (conjunction): und',
      ]),
    );
    expect((await tr('Dzień dobry!', 'pl', 'en')).split('\n')[0]).toBe(
      'dzień dobry (interjection): good morning, good afternoon',
    );
  });

  it('says when a word is unknown rather than inventing', async () => {
    expect(await tr('qwzxv', 'pl', 'en')).toBe('qwzxv: not found in the dictionary');
  });

  it('translates English into Polish from the English-Polish dictionary, and other languages backwards', async () => {
    expect(await tr('cat', 'en', 'pl')).toBe('cat (noun): kot');
    expect(await tr('cats', 'en', 'pl')).toBe('cat (noun): kot');
    // not in the English-Polish data: found through the Polish-English one
    expect(await tr('go', 'en', 'pl')).toMatch(/^go: .*pójść/);
    expect(await tr('thank you', 'en', 'pl')).toMatch(/^thank you: dziękuję/);
    expect(await tr('Katze', 'de', 'pl')).toMatch(/^Katze: kot/);
    expect(await tr('γάτα', 'el', 'pl')).toBe('γάτα: kot');
  });

  it('says plainly that a language has no data', async () => {
    expect(await tr('kot', 'pl', 'cs')).toBe('No offline dictionary for Polish → Czech yet.');
    expect(await tr('kočka', 'cs', 'pl')).toBe('No offline dictionary for Czech → Polish yet.');
    expect(await tr('猫', 'zh', 'pl')).toBe('No offline dictionary for Chinese → Polish yet.');
  });

  it('looks up a bounded number of words in a long text and says so', async () => {
    const words = Array.from(
      { length: DICTIONARY_MAX_WORDS + 5 },
      (_, i) => `kot${'abcdefghijklmnopqrstuvwxyz'[i]}`,
    ).join(' ');
    const out = (await tr(words, 'pl', 'en')).split('\n');
    expect(out).toHaveLength(DICTIONARY_MAX_WORDS + 1);
    expect(out.at(-1)).toBe(`(only the first ${DICTIONARY_MAX_WORDS} words were looked up)`);
  });
});
