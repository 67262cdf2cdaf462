import type { SendNotificationRequest, SendNotificationResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { notificationKeys } from './keys';

/** POST /notification/send: with `dryRun` it only counts; the caller shows field messages. */
export function sendNotification(body: SendNotificationRequest) {
  return apiRequest<SendNotificationResponse>(apiPaths.notificationSend(), {
    method: 'POST',
    body,
    throwOnError: true,
  });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: (result) => {
      if (result.notification)
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
