import { Box, Divider, Drawer, Toolbar } from '@mui/material';
import type { Role } from '../../domain/roles';
import { SIDEBAR_WIDTH } from '../theme';
import { Logo } from './Logo';
import { Menu } from './Menu';

interface SidebarProps {
  role: Role;
  /** Phone and small tablet widths: the sidebar slides over the page and closes after a choice. */
  compact: boolean;
  open: boolean;
  onClose: () => void;
}

const Content = ({ role, onNavigate }: { role: Role; onNavigate?: () => void }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: SIDEBAR_WIDTH }}>
    <Toolbar sx={{ px: 2.5 }}>
      <Logo role={role} onNavigate={onNavigate} />
    </Toolbar>
    <Divider />
    <Box sx={{ flex: 1, overflowY: 'auto' }}>
      <Menu role={role} onNavigate={onNavigate} />
    </Box>
  </Box>
);

export const Sidebar = ({ role, compact, open, onClose }: SidebarProps) =>
  compact ? (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }}>
      <Content role={role} onNavigate={onClose} />
    </Drawer>
  ) : (
    <Box
      component="aside"
      sx={(theme) => ({
        width: open ? SIDEBAR_WIDTH : 0,
        flexShrink: 0,
        overflow: 'hidden',
        visibility: open ? 'visible' : 'hidden',
        borderRight: open ? 1 : 0,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: theme.transitions.create(['width', 'visibility'], { duration: theme.transitions.duration.shorter }),
      })}
    >
      <Content role={role} />
    </Box>
  );
