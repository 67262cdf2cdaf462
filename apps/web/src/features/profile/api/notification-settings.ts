import type { NotificationSettingsRequest } from '@skolportalen/shared';
import { notificationEndpoints } from '@skolportalen/shared/endpoints/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const key = ['profile', 'notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(notificationEndpoints.settings, { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsRequest) =>
      call(notificationEndpoints.saveSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
