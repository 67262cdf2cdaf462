import type { SendNotificationRequest } from '@skolportalen/shared';
import { notificationSendingEndpoints } from '@skolportalen/shared/endpoints/notification-sending';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** POST /notification/send: with `dryRun` it only counts; the caller shows field messages. */
export function sendNotification(body: SendNotificationRequest) {
  return call(notificationSendingEndpoints.send, { body, throwOnError: true });
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
