import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type SentNotificationResponse } from '@skolportalen/shared';
import { useNotificationRecipients } from '../api/notification-history';

const t = sv.notifications;

/** Every recipient of one notification: what became of their mail, and whether they read it. */
export function RecipientsDialog({
  notification,
  onClose,
}: {
  notification: SentNotificationResponse | null;
  onClose: () => void;
}) {
  const recipients = useNotificationRecipients(notification?.id ?? null);
  const title = notification ? format(t.recipientsTitle, { subject: notification.subject }) : '';
  return (
    <Dialog
      open={notification !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="notification-recipients-title"
    >
      <DialogTitle id="notification-recipients-title">{title}</DialogTitle>
      <DialogContent>
        {recipients.isPending ? (
          <Typography>{sv.admin.common.loading}</Typography>
        ) : (
          <Table size="small" aria-label={t.recipientsCaption}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t.recipient}</TableCell>
                <TableCell scope="col">{t.address}</TableCell>
                <TableCell scope="col">{t.delivery}</TableCell>
                <TableCell scope="col">{t.readState}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(recipients.data?.items ?? []).map((row) => (
                <TableRow key={row.user.id}>
                  <TableCell>
                    {row.user.name}
                    <Typography variant="body2" color="text.secondary">
                      {row.user.username}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.address ?? '–'}</TableCell>
                  <TableCell>
                    {t.deliveries[row.delivery]}
                    {row.error ? (
                      <Typography variant="body2" color="error">
                        {row.error}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{t.readStates[row.readState]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
