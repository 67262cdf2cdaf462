import type { SetNotificationStatusRequest } from '@skolportalen/shared';
import { notificationEndpoints } from '@skolportalen/shared/endpoints/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks whether something new has come. */
const pollMs = 60_000;

export const notificationDateQuery = () =>
  queryOptions({
    queryKey: notificationKeys.date,
    queryFn: ({ signal }) => call(notificationEndpoints.date, { signal }),
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
      callList(notificationEndpoints.list, { query: { perPage: 20 }, signal }),
    enabled,
  });
}

export function useSetNotificationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNotificationStatusRequest) =>
      call(notificationEndpoints.setStatus, { body }),
    onSuccess: (date) => {
      queryClient.setQueryData(notificationKeys.date, date);
      void queryClient.invalidateQueries({ queryKey: [...notificationKeys.mine, 'list'] });
    },
  });
}
