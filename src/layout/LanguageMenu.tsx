import { useState } from 'react';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/** "Language: English", in the language it names. */
export const useLanguageLabel = () => {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale] = useLocaleState();
  const name = languages.find((language) => language.locale === locale)?.name ?? locale;
  return translate('app.topbar.language', { name });
};

/** The languages to choose from, under whatever opened them. */
export const LanguageChoices = ({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) => {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const choose = (next: string) => {
    onClose();
    if (next !== locale) setLocale(next);
  };
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.locale}
          lang={language.locale}
          selected={language.locale === locale}
          onClick={() => choose(language.locale)}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
};

/**
 * The console's language (issue item 11). The choice is kept in react-admin's store under `locale`,
 * never in local storage (SPEC §9: it holds the session only).
 */
export const LanguageMenu = () => {
  const label = useLanguageLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <LanguageChoices anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
};
