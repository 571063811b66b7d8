import { acceptedLanguage, readerLanguage } from './reader-language';

describe('the reader’s language', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['uk', 'uk'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['pt-BR', 'pt'],
    ['nb-NO', 'nb'],
    ['no', 'nb'],
    ['fr-FR,de;q=0.5', 'fr'],
    ['xx, pl;q=0.9, de;q=0.5', 'de'],
    ['*', undefined],
    ['', undefined],
    ['tlh', undefined],
  ])('negotiates Accept-Language %j to %s', (header, lang) => {
    expect(acceptedLanguage(header)).toBe(lang);
    // the second time from the memo, the same
    expect(acceptedLanguage(header)).toBe(lang);
  });

  it('takes the lang query, then the native language, then the browser, then English', () => {
    expect(readerLanguage({ query: 'uk', nativeLanguage: 'de', acceptLanguage: 'fr' })).toBe('uk');
    expect(readerLanguage({ nativeLanguage: 'de', acceptLanguage: 'fr' })).toBe('de');
    expect(readerLanguage({ acceptLanguage: 'fr' })).toBe('fr');
    expect(readerLanguage({})).toBe('en');
    expect(readerLanguage({ query: 'xx', acceptLanguage: 'es' })).toBe('es');
  });
});
