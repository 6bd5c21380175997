import { Button, Stack } from '@mui/material';
import { PAY_LOCALES, usePayI18n } from './i18n';

/** English | हिन्दी, each in its own language; the current one is pressed. */
export const LanguageSwitch = () => {
  const { locale, setLocale, t } = usePayI18n();
  return (
    <Stack direction="row" role="group" aria-label={t('language')} spacing={0.5} sx={{ ml: 'auto' }}>
      {PAY_LOCALES.map((l) => (
        <Button
          key={l.locale}
          lang={l.locale}
          size="small"
          variant={l.locale === locale ? 'outlined' : 'text'}
          aria-pressed={l.locale === locale}
          onClick={() => setLocale(l.locale)}
          sx={{ minWidth: 0, px: 1, py: 0, textTransform: 'none' }}
        >
          {l.name}
        </Button>
      ))}
    </Stack>
  );
};
