import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { LABELS } from '@sim/shared';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { MenuItem } from '../menu';

const ICONS: Record<string, ReactNode> = {
  '/dashboard': <DashboardOutlined />,
  '/sims': <PlayCircleOutline />,
  '/admin': <AdminPanelSettingsOutlined />,
  '/helpdesk': <HelpOutlineOutlined />,
  '/settings': <SettingsOutlined />,
};

interface SideMenuProps {
  items: readonly MenuItem[];
  onNavigate?: () => void;
}

/** The left menu: one link per item, named by its text. */
export function SideMenu({ items, onNavigate }: SideMenuProps) {
  return (
    <nav aria-label={LABELS.mainMenu}>
      <List>
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{ '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 700 } }}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{ICONS[item.to]}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
