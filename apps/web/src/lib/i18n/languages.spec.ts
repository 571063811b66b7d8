import { NATIVE_LANGUAGE_CODES } from '@polski/contracts';
import { ENDONYMS } from './endonyms';
import { directionOf, isLanguage, LANGUAGE_CODES, languageOfTag } from './languages';

describe('interface languages', () => {
  it('are the 29 native languages of the product, in its order, each with its own name', () => {
    expect(LANGUAGE_CODES).toEqual(NATIVE_LANGUAGE_CODES);
    expect(Object.keys(ENDONYMS)).toEqual(NATIVE_LANGUAGE_CODES);
  });

  it("maps the browser's language tags to them", () => {
    expect(languageOfTag('uk-UA')).toBe('uk');
    expect(languageOfTag('zh-Hant-TW')).toBe('zh');
    expect(languageOfTag('nn')).toBe('nb');
    expect(languageOfTag('pl-PL')).toBeNull();
    expect(isLanguage('xx')).toBe(false);
  });

  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});
