import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, useTheme } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useHeaderState } from '../notifications';
import { useSession } from '../session/SessionProvider';
import { RouteErrorBoundary } from './AppErrorBoundary';
import { FullScreenSpinner } from './FullScreenSpinner';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useViewportWidth } from './useViewportWidth';

/** The first stop of the keyboard: straight to the page's content, past the menu and the top bar. */
const SkipLink = () => {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip,
        p: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        '&:focus': { top: 8 },
      }}
    >
      {translate('app.search.skip')}
    </Box>
  );
};

/** The signed-in shell of SPEC §2: sidebar, top bar, and a main area that scrolls on its own. */
export const Layout = ({ children }: { children?: ReactNode }) => {
  const theme = useTheme();
  const { role } = useSession();
  const { pageTitle } = useHeaderState();
  const compact = useViewportWidth() < theme.breakpoints.values.md;
  const [desktopOpen, setDesktopOpen] = useSidebarState();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const main = useRef<HTMLElement>(null);

  // SPEC §2: the main area scrolls to the top on each page-title change.
  useEffect(() => {
    if (main.current) main.current.scrollTop = 0;
  }, [pageTitle]);

  if (!role) return <Navigate to="/" replace />;
  const toggle = () => (compact ? setPhoneOpen(!phoneOpen) : setDesktopOpen(!desktopOpen));

  return (
    <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden', bgcolor: 'background.default' }}>
      <SkipLink />
      <Sidebar
        role={role}
        compact={compact}
        open={compact ? phoneOpen : desktopOpen}
        onClose={() => setPhoneOpen(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar role={role} onToggleMenu={toggle} />
        {/* The main area scrolls on its own: a keyboard reaches it even when the screen holds nothing to focus. */}
        <Box
          component="main"
          id="main-content"
          ref={main}
          tabIndex={0}
          sx={{ flex: 1, overflow: 'auto', p: { xs: 1.5, sm: 3 }, '&:focus-visible': { outlineOffset: -2 } }}
        >
          <RouteErrorBoundary>
            <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
          </RouteErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
};
