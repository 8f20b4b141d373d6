import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Language } from '../../brands';

/** Each language written in itself, so a visitor finds theirs whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', es: 'Español' };

type LanguageSelectProps = {
  languages: readonly Language[];
  value: string;
  onChange: (language: Language) => void;
};

/**
 * The "Language" select offering only the brand's supported languages, for choices that take effect
 * at once (the guest pages): its arrow keys choose as they move. Where a choice asks for
 * confirmation first, as in the settings, each language is a button instead.
 */
export function LanguageSelect({ languages, value, onChange }: LanguageSelectProps) {
  const { t } = useLingui();
  const id = useId();
  if (languages.length < 2) return null;
  return (
    <div className="language-select">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = languages.find((language) => language === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
