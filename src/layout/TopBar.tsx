import { lazy, Suspense, useState } from 'react';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { darken } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import { LoadingIndicator, ToggleThemeButton, useTranslate } from 'react-admin';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { ApprovalsLink } from '../pages/approvals/ApprovalsLink';
import { AttentionBell } from '../pages/attention/AttentionBell';
import { GlobalSearch } from '../pages/search/GlobalSearch';
import { AccountMenu } from './AccountMenu';
import { LanguageMenu } from './LanguageMenu';
import { ShortcutsDialog } from '../pages/search/ShortcutsDialog';
import { useHeaderState } from '../notifications';
import { usePhone } from '../resources/shared/usePhone';
import { readUserData } from '../session/session';
import { useSession } from '../session/SessionProvider';
import { MENU_BUTTON_COLOR } from '../theme';
import { useSignOut } from '../session/useEndSession';

// Opened from the account menu, rarely: its forms load with it, not with every screen.
const TwoFactorDialog = lazy(() =>
  import('../account/TwoFactorDialog').then((module) => ({ default: module.TwoFactorDialog })),
);

const UserBadge = ({ name, role }: { name: string; role: Role }) => {
  const translate = useTranslate();
  const roleLabel = translate(`app.roles.${role}`, { _: ROLE_LABELS[role] });
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        minWidth: 0,
        maxWidth: { xs: 110, sm: 220 },
      }}
    >
      <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: '100%' }} data-testid="user-name">
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: '100%' }} data-testid="user-role">
        {roleLabel}
      </Typography>
    </Box>
  );
};

/** SPEC §2: menu button, page title, the user's name and role, logout; on a phone the last few in one menu. */
export const TopBar = ({ role, onToggleMenu }: { role: Role; onToggleMenu: () => void }) => {
  const translate = useTranslate();
  const { pageTitle, recordTitle } = useHeaderState();
  const { userName } = useSession();
  const signOut = useSignOut();
  const name = readUserData()?.name || userName;
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const phone = usePhone();
  return (
    <AppBar
      position="static"
      color="inherit"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          aria-label={translate('app.topbar.toggle_menu')}
          onClick={onToggleMenu}
          sx={{
            bgcolor: MENU_BUTTON_COLOR,
            color: '#FFFFFF',
            borderRadius: 2,
            '&:hover': { bgcolor: darken(MENU_BUTTON_COLOR, 0.15) },
          }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="h1" noWrap data-testid="page-title" sx={{ flex: 1, minWidth: 0, ml: 1 }}>
          {recordTitle ?? pageTitle}
        </Typography>
        <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <LoadingIndicator aria-label={translate('app.loading')} />
        </Box>
        <GlobalSearch compact={phone} />
        <ShortcutsDialog />
        <AttentionBell />
        <ApprovalsLink role={role} />
        {phone ? (
          <AccountMenu name={name} role={role} onTwoFactor={() => setTwoFactorOpen(true)} />
        ) : (
          <>
            <LanguageMenu />
            <ToggleThemeButton />
            <UserBadge name={name} role={role} />
            <Tooltip title={translate('app.two_factor.menu')}>
              <IconButton
                aria-label={translate('app.two_factor.menu')}
                onClick={() => setTwoFactorOpen(true)}
                color="inherit"
              >
                <SecurityIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('app.topbar.logout')}>
              <IconButton aria-label={translate('app.topbar.logout')} onClick={() => void signOut()} color="inherit">
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Toolbar>
      {twoFactorOpen && (
        <Suspense fallback={null}>
          <TwoFactorDialog onClose={() => setTwoFactorOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
};
