import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { format, svShell } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useNotificationDate } from '../api/my-notifications';

const t = svShell.notifications.bell;

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
          <Badge badgeContent={unread} color="secondary" max={99}>
            <NotificationsNone />
          </Badge>
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
