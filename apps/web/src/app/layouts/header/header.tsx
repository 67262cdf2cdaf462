import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  format,
  hasCapability,
  hasRole,
  layout,
  svShell,
  type CurrentUserResponse,
} from '@skolportalen/shared';
import { BrandLink } from '@/components/brand-link';
import { RolePicker } from '@/features/accounts/components/role-picker';
import { FavoritesButton } from '@/features/favorites/components/favorites-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SearchField } from '@/features/search/components/search-field';
import { DateWeek } from './date-week';
import { headerLinks } from './menu-items';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';

const frame = { maxWidth: `${layout.containerMaxWidth}px`, mx: 'auto', px: { xs: 2, sm: 3 } };

/** Date and week, search, the logo, the main links, the role picker and the user menu (spec §2). */
export function Header({ user }: { user: CurrentUserResponse }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));

  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Box sx={{ bgcolor: 'primary.dark' }}>
        <Box sx={{ ...frame, py: 0.5, display: 'flex', alignItems: 'center', gap: 2 }}>
          <DateWeek />
          {user.masked ? (
            // Drawn like a small chip without MUI's Chip, which the first page would otherwise carry.
            <Box
              component="span"
              sx={{
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                borderRadius: 3,
                px: 1,
                lineHeight: '24px',
                fontSize: '0.8125rem',
                whiteSpace: 'nowrap',
              }}
            >
              {format(svShell.header.masked, { name: user.name })}
            </Box>
          ) : null}
          {/* The search field sits in this bar, clear of the main links; small screens have it in the menu. */}
          {!small && hasCapability(user.capabilities, 'search') ? (
            <Box sx={{ ml: 'auto' }}>
              <SearchField landmarkLabel={svShell.search.field} label={svShell.search.field} />
            </Box>
          ) : null}
        </Box>
      </Box>
      <Toolbar disableGutters sx={{ ...frame, gap: { xs: 0.5, md: 2 }, minHeight: 64 }}>
        <BrandLink />
        {small ? null : (
          <Box
            component="nav"
            aria-label={svShell.header.mainNavigation}
            sx={{ display: 'flex', gap: 1 }}
          >
            {headerLinks(user).map((link) => (
              <Button key={link.href} href={link.href} color="inherit">
                {link.label}
              </Button>
            ))}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {!small && hasRole(user, 'role_teacher') ? <FavoritesButton /> : null}
        <NotificationBell />
        <RolePicker compact={small} />
        <UserMenu user={user} compact={small} />
        {small ? <MobileMenu user={user} /> : null}
      </Toolbar>
    </Box>
  );
}
