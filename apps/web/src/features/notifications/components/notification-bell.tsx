import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import { format, svShell } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useNotificationDate } from '../api/my-notifications';

const t = svShell.notifications.bell;

/** The unread count over the bell, as MUI's Badge draws it. */
const countBadge = {
  position: 'absolute',
  zIndex: 1,
  top: 0,
  right: 0,
  transform: 'translate(50%, -50%)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: 20,
  height: 20,
  px: 0.75,
  borderRadius: 2.5,
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
  fontFamily: (theme: Theme) => theme.typography.fontFamily,
  fontSize: '0.75rem',
  fontWeight: 500,
  lineHeight: 1,
} as const;

const NotificationPanel = lazyOverlay(() =>
  import('./notification-panel').then((module) => module.NotificationPanel),
);

/**
 * The bell in the header: the count of unread notifications, and a panel
 * with the latest ones to read, mark as read or remove.
 */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const panelId = useId();
  const date = useNotificationDate();
  const unread = date.data?.unreadCount ?? 0;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? format(t.unread, { n: unread }) : t.label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No badge at all without unread ones: a hidden badge keeps its last count as
            text, which the button's name ("Notiser") would then not say. */}
        {unread > 0 ? (
          <Box
            component="span"
            sx={{
              position: 'relative',
              display: 'inline-flex',
              verticalAlign: 'middle',
              flexShrink: 0,
            }}
          >
            <NotificationsNone />
            {/* Drawn like MUI's Badge, without it, which the first page would otherwise carry. */}
            <Box component="span" sx={countBadge}>
              {unread > 99 ? '99+' : unread}
            </Box>
          </Box>
        ) : (
          <NotificationsNone />
        )}
      </IconButton>
      <NotificationPanel
        open={open}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        panelId={panelId}
        lastSentAt={date.data?.lastSentAt}
      />
    </>
  );
}
