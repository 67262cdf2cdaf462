import type {
  NotificationSettingsRequest,
  NotificationSettingsResponse,
} from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

const key = ['profile', 'notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettingsResponse>(apiPaths.notificationSettings(), { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsRequest) =>
      apiRequest<NotificationSettingsResponse>(apiPaths.notificationSettings(), {
        method: 'PUT',
        body,
      }),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
