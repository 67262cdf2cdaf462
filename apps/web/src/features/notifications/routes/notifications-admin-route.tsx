import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useId, useState, type ReactNode } from 'react';
import { NotificationComposer, type UserPickerSlot } from '../components/notification-composer';
import { NotificationHistory } from '../components/notification-history';
import { OutboxSection } from '../components/outbox-section';

const t = sv.notifications;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * `/profile/admin/notifications` (spec §2, send_notification and admin):
 * compose and send, the history with each recipient's status, and the outbox.
 * The page frame and the person picker are composed in by the app.
 */
export default function NotificationsAdminRoute({
  renderUserPicker,
}: {
  renderUserPicker: UserPickerSlot;
}) {
  const [status, setStatus] = useState('');
  return (
    <Stack spacing={3}>
      <div role="status" aria-live="polite">
        {status ? (
          <Alert role="none" severity="success" onClose={() => setStatus('')}>
            {status}
          </Alert>
        ) : null}
      </div>
      <Section title={t.composeTitle}>
        <NotificationComposer renderUserPicker={renderUserPicker} onSent={setStatus} />
      </Section>
      <Section title={t.historyTitle}>
        <NotificationHistory />
      </Section>
      <Section title={t.outboxTitle}>
        <OutboxSection />
      </Section>
    </Stack>
  );
}
