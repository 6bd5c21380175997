import { useEffect, useState, type ReactNode } from 'react';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { sidebarFor } from '../../domain/access';
import type { MenuEntry, MenuItem, SidebarLabel } from '../../domain/menu';
import type { Role } from '../../domain/roles';
import { MENU_ICONS } from './menuIcons';
import { useMenuText } from './useMenuText';

const isActive = (item: MenuItem, pathname: string) => pathname === item.path || pathname.startsWith(`${item.path}/`);

const itemSx = {
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  '&.Mui-selected': { fontWeight: 600 },
} as const;

const ItemLink = ({
  item,
  label,
  icon,
  nested,
  onNavigate,
}: {
  item: MenuItem;
  label: string;
  icon?: ReactNode;
  nested?: boolean;
  onNavigate?: () => void;
}) => {
  const { pathname } = useLocation();
  const selected = isActive(item, pathname);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={item.path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ ...itemSx, pl: nested ? 7.5 : 2 }}
      >
        {icon && (
          <ListItemIcon sx={{ minWidth: 40, color: selected ? 'primary.main' : undefined }}>{icon}</ListItemIcon>
        )}
        <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', fontWeight: selected ? 600 : 400 } }} />
      </ListItemButton>
    </ListItem>
  );
};

const Group = ({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) => {
  const { pathname } = useLocation();
  const text = useMenuText();
  const active = entry.items.some((item) => isActive(item, pathname));
  const [open, setOpen] = useState(active);
  // A group opens by itself when the current path is one of its items (SPEC §2).
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  const listId = `menu-group-${entry.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>
          {MENU_ICONS[entry.label as SidebarLabel]}
        </ListItemIcon>
        <ListItemText
          primary={text.groupLabel(entry)}
          slotProps={{ primary: { variant: 'body2', fontWeight: active ? 600 : 400 } }}
        />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {entry.items.map((item) => (
            <ItemLink key={item.key} item={item} label={text.itemLabel(item)} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
};

/** The sidebar of SPEC §2 for one role: the hidden entries of §6 left out, the Admin group added (domain/access). */
export const Menu = ({ role, onNavigate }: { role: Role; onNavigate?: () => void }) => {
  const translate = useTranslate();
  const text = useMenuText();
  return (
    <nav aria-label={translate('app.menu.label')}>
      <List disablePadding sx={{ py: 1 }}>
        {sidebarFor(role).map((entry) =>
          entry.group ? (
            <Group key={entry.label} entry={entry} onNavigate={onNavigate} />
          ) : (
            <ItemLink
              key={entry.label}
              item={entry.items[0]}
              label={text.itemLabel(entry.items[0])}
              icon={MENU_ICONS[entry.label as SidebarLabel]}
              onNavigate={onNavigate}
            />
          ),
        )}
      </List>
    </nav>
  );
};
