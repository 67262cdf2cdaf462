import { sv } from '@skolportalen/shared';
import { AdminPage } from '@/features/admin/components/admin-page';
import { UserPicker } from '@/features/admin/components/user-picker';
import NotificationsAdminRoute from '@/features/notifications/routes/notifications-admin-route';

/** Sending notifications, in the administration's frame, with its person search. */
export default function AdminNotificationsPage() {
  return (
    <AdminPage title={sv.pageTitles.adminNotifications} intro={sv.notifications.intro}>
      <NotificationsAdminRoute
        renderUserPicker={(onPick) => (
          <UserPicker
            label={sv.notifications.addUser}
            value={null}
            onChange={(user) => {
              if (user) onPick({ id: user.id, name: user.name });
            }}
          />
        )}
      />
    </AdminPage>
  );
}
