import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LANGUAGES, setLanguage, useTranslation, type Language } from '../../i18n/i18n';

// Each language by its own name, as people look for it whatever the page shows now.
const NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' };

/** The interface's language, Türkçe or English: the choice shows at once and is remembered in this browser. */
export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      value={i18n.resolvedLanguage}
      aria-label={t('language')}
      onChange={(_, language: Language | null) => language && setLanguage(language)}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          lang={language}
          sx={{ textTransform: 'none', py: 0.25 }}
        >
          {NAMES[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
