import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n';
import { usePreferences } from '../features/preferences/usePreferences';

/** DE / EN switch; also switches Ant Design's texts and dayjs (see PreferencesProvider). */
export const LanguageSwitch = ({ dark = false }: { dark?: boolean }) => {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <Segmented<Language>
      size="small"
      className={dark ? 'pp-segmented-dark' : undefined}
      aria-label={t('nav.language')}
      data-testid="language-switch"
      value={language}
      onChange={setLanguage}
      options={LANGUAGES.map((lang) => ({
        value: lang,
        label: (
          <span
            data-testid={`lang-${lang}`}
            lang={lang}
            title={t(lang === 'de' ? 'nav.languageDe' : 'nav.languageEn')}
          >
            {lang.toUpperCase()}
          </span>
        ),
      }))}
    />
  );
};
