import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { hasCapability, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { SearchBlockField } from '@/features/search';
import { mobileMenuTabs } from './mobile-menu-tabs';

/** The mobile menu's drawer: the search field and one tab per area (spec §2). */
export function MobileMenuDrawer({
  user,
  open,
  onClose,
}: {
  user: CurrentUserResponse;
  open: boolean;
  onClose: () => void;
}) {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabs = mobileMenuTabs(user);
  const active = tabs[Math.min(selected, tabs.length - 1)];

  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label={sv.header.mobileMenu} sx={{ width: 'min(92vw, 360px)' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {sv.header.mobileMenu}
          </Typography>
          <IconButton aria-label={sv.header.closeMenu} onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        {hasCapability(user.capabilities, 'search') ? (
          <Box sx={{ px: 2, pb: 1.5 }}>
            <SearchBlockField
              landmarkLabel={sv.search.field}
              label={sv.search.field}
              onSearch={onClose}
            />
          </Box>
        ) : null}
        <Tabs
          value={Math.min(selected, tabs.length - 1)}
          onChange={(_event, value: number) => setSelected(value)}
          aria-label={sv.header.mobileMenuTabs}
          variant="fullWidth"
        >
          {tabs.map(({ id, label, Icon }) => (
            <Tab
              key={id}
              id={`${baseId}-tab-${id}`}
              aria-controls={`${baseId}-panel-${id}`}
              icon={<Icon />}
              label={label}
            />
          ))}
        </Tabs>
        {active?.Panel ? (
          <Box
            role="tabpanel"
            id={`${baseId}-panel-${active.id}`}
            aria-labelledby={`${baseId}-tab-${active.id}`}
            sx={{ p: 2 }}
          >
            <active.Panel onNavigate={onClose} />
          </Box>
        ) : active ? (
          <List
            role="tabpanel"
            id={`${baseId}-panel-${active.id}`}
            aria-labelledby={`${baseId}-tab-${active.id}`}
          >
            {active.links.map((link) => (
              <ListItemButton key={link.href} href={link.href} onClick={onClose}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
          </List>
        ) : null}
      </Box>
    </Drawer>
  );
}
