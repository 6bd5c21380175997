import { useState, type ReactElement } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/Brightness4';
import LightModeIcon from '@mui/icons-material/Brightness7';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  MenuList,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTheme, useTranslate } from 'react-admin';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { useSignOut } from '../session/useEndSession';
import { LanguageChoices, useLanguageLabel } from './LanguageMenu';

/**
 * A phone's top bar has room for the few controls used all day (issue 31, item 12): the user's
 * name and role, the language, the theme, two-factor sign-in and logout wait behind one button.
 * The name and role head the panel, outside the menu, so the menu holds only its items.
 */
export const AccountMenu = ({ name, role, onTwoFactor }: { name: string; role: Role; onTwoFactor: () => void }) => {
  const translate = useTranslate();
  const signOut = useSignOut();
  const languageLabel = useLanguageLabel();
  const [theme, setTheme] = useTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const [languages, setLanguages] = useState<HTMLElement | null>(null);
  const roleLabel = translate(`app.roles.${role}`, { _: ROLE_LABELS[role] });
  const label = translate('app.topbar.account', { name, role: roleLabel });
  const dark = theme === 'dark';
  const item = (key: string, icon: ReactElement, text: string, onClick: () => void, popup = false) => (
    <MenuItem
      key={key}
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
      aria-haspopup={popup ? 'menu' : undefined}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{text}</ListItemText>
    </MenuItem>
  );
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={open ? 'account-menu' : undefined}
          aria-expanded={open ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1, maxWidth: 260 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {roleLabel}
          </Typography>
        </Box>
        <Divider />
        <MenuList id="account-menu" autoFocusItem={open} aria-label={label}>
          {[
            item('language', <TranslateIcon />, languageLabel, () => setLanguages(anchor), true),
            item(
              'theme',
              dark ? <LightModeIcon /> : <DarkModeIcon />,
              translate(dark ? 'app.topbar.light_theme' : 'app.topbar.dark_theme'),
              () => setTheme(dark ? 'light' : 'dark'),
            ),
            item('two-factor', <SecurityIcon />, translate('app.two_factor.menu'), onTwoFactor),
            item('logout', <LogoutIcon />, translate('app.topbar.logout'), () => void signOut()),
          ]}
        </MenuList>
      </Popover>
      <LanguageChoices anchor={languages} onClose={() => setLanguages(null)} />
    </>
  );
};
