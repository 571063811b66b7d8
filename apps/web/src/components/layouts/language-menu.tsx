import { useId } from 'react';
import { chooseLanguage } from '../../lib/i18n/choose-language';
import { useT } from '../../lib/i18n/i18n';
import { ENDONYMS } from '../../lib/i18n/endonyms';
import { isLanguage, LANGUAGE_CODES } from '../../lib/i18n/languages';

/**
 * The language menu of the header and the footer (docs/product.md, "Interface language"): the 29 languages, each
 * in its own name and marked with its `lang`; a choice changes the page at once, without a reload, and is kept.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  return (
    <span className={`language-menu${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c3 3.2 3 14.8 0 18M12 3c-3 3.2-3 14.8 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        value={t.lang}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void chooseLanguage(e.target.value);
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {ENDONYMS[code]}
          </option>
        ))}
      </select>
    </span>
  );
}

export default LanguageMenu;
