import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type MyNotificationResponse } from '@skolportalen/shared';
import { useId, useRef } from 'react';
import { useMyNotifications, useSetNotificationStatus } from '../api/my-notifications';

const t = sv.notifications.bell;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });

function Item({
  item,
  onRead,
  onDismiss,
}: {
  item: MyNotificationResponse;
  onRead: () => void;
  onDismiss: () => void;
}) {
  const unread = item.readAt === null;
  const headingId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {unread ? (
            <Chip label={t.newBadge} size="small" color="primary" sx={{ mb: 0.5, height: 20 }} />
          ) : null}
          <Typography
            id={headingId}
            component="h3"
            variant="subtitle2"
            sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}
          >
            {item.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={item.createdAt}>{dateTime.format(new Date(item.createdAt))}</time>
          </Typography>
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}
          >
            {item.text.length > 400 ? `${item.text.slice(0, 400)}…` : item.text}
          </Typography>
          {unread ? (
            <Button size="small" onClick={onRead} sx={{ mt: 0.5, px: 0 }}>
              {t.markRead}
            </Button>
          ) : null}
        </Box>
        <IconButton
          size="small"
          aria-label={format(t.dismiss, { subject: item.subject })}
          onClick={onDismiss}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** The bell's panel: the latest notifications, to read, mark as read or remove. */
export function NotificationPanel({
  open,
  anchor,
  onClose,
  panelId,
  lastSentAt,
}: {
  open: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
  panelId: string;
  lastSentAt: string | null | undefined;
}) {
  const headingId = useId();
  const list = useMyNotifications(open, lastSentAt);
  const setStatus = useSetNotificationStatus();
  const items = list.data?.items ?? [];
  const unreadIds = items.filter((item) => item.readAt === null).map((item) => item.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button pressed goes away with what it did; focus stays in the panel, on its heading.
  const change = (notificationIds: number[], status: 'read' | 'dismissed') =>
    setStatus.mutate({ notificationIds, status }, { onSuccess: () => headingRef.current?.focus() });

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id: panelId,
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 520, p: 2 },
        },
      }}
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          component="h2"
          variant="h6"
          sx={{ flex: 1, '&:focus': { outline: 'none' } }}
        >
          {t.title}
        </Typography>
        {unreadIds.length > 0 ? (
          <Button size="small" onClick={() => change(unreadIds, 'read')}>
            {t.markAllRead}
          </Button>
        ) : null}
      </Stack>
      {list.isError ? (
        <Typography role="alert">{t.loadFailed}</Typography>
      ) : items.length === 0 && !list.isPending ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Item
              key={item.id}
              item={item}
              onRead={() => change([item.id], 'read')}
              onDismiss={() => change([item.id], 'dismissed')}
            />
          ))}
        </Box>
      )}
    </Popover>
  );
}
