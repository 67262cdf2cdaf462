import type {
  MyNotificationResponse,
  NotificationDateResponse,
  SetNotificationStatusRequest,
} from '@skolportalen/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { notificationKeys } from './keys';

/** How often the bell asks whether something new has come. */
const pollMs = 60_000;

export const notificationDateQuery = () =>
  queryOptions({
    queryKey: notificationKeys.date,
    queryFn: ({ signal }) =>
      apiRequest<NotificationDateResponse>(apiPaths.notificationDate(), { signal }),
  });

/** GET /notification/date: the bell's count; cheap, so it is asked now and then. */
export function useNotificationDate() {
  return useQuery({
    ...notificationDateQuery(),
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
  });
}

/** The latest notifications, fetched when the bell opens or something new has come. */
export function useMyNotifications(enabled: boolean, lastSentAt: string | null | undefined) {
  return useQuery({
    queryKey: [...notificationKeys.mine, 'list', lastSentAt ?? ''],
    queryFn: ({ signal }) =>
      apiList<MyNotificationResponse>(withQuery(apiPaths.myNotifications(), { perPage: 20 }), {
        signal,
      }),
    enabled,
  });
}

export function useSetNotificationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNotificationStatusRequest) =>
      apiRequest<NotificationDateResponse>(apiPaths.setNotificationStatus(), {
        method: 'POST',
        body,
      }),
    onSuccess: (date) => {
      queryClient.setQueryData(notificationKeys.date, date);
      void queryClient.invalidateQueries({ queryKey: [...notificationKeys.mine, 'list'] });
    },
  });
}
