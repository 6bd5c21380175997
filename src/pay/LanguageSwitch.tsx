import { PAY_LOCALES, usePayI18n } from './i18n';
import { Button } from './ui';

/** English | हिन्दी, each in its own language; the current one is pressed. */
export const LanguageSwitch = () => {
  const { locale, setLocale, t } = usePayI18n();
  return (
    <div className="languages" role="group" aria-label={t('language')}>
      {PAY_LOCALES.map((l) => (
        <Button
          key={l.locale}
          lang={l.locale}
          size="small"
          variant={l.locale === locale ? 'outlined' : 'text'}
          pressed={l.locale === locale}
          onClick={() => setLocale(l.locale)}
        >
          {l.name}
        </Button>
      ))}
    </div>
  );
};
