import type {
  NotificationRecipientResponse,
  OutboxInfoResponse,
  OutboxMailResponse,
  SentNotificationResponse,
} from '@skolportalen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api-client';
import { apiPaths, withQuery } from '@/lib/paths';
import { notificationKeys } from './keys';

export const historyPageSize = 10;
const working = (item: SentNotificationResponse) =>
  item.state === 'queued' || item.state === 'sending';

/** Sent notifications, newest first; polled while one is on its way, so its counts move. */
export function useNotificationHistory(page: number) {
  return useQuery({
    queryKey: notificationKeys.history(page),
    queryFn: ({ signal }) =>
      apiList<SentNotificationResponse>(
        withQuery(apiPaths.notificationHistory(), { page, perPage: historyPageSize }),
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(working) ? 1500 : false),
  });
}

export function useNotificationRecipients(id: number | null) {
  return useQuery({
    queryKey: notificationKeys.recipients(id ?? 0),
    queryFn: ({ signal }) =>
      apiList<NotificationRecipientResponse>(
        withQuery(apiPaths.notificationRecipients(id!), { perPage: 9999 }),
        { signal },
      ),
    enabled: id !== null,
  });
}

export const outboxPageSize = 10;

export function useOutbox(status: string, page: number) {
  return useQuery({
    queryKey: notificationKeys.outbox(status, page),
    queryFn: ({ signal }) =>
      apiList<OutboxMailResponse>(
        withQuery(apiPaths.notificationOutbox(), {
          page,
          perPage: outboxPageSize,
          status: status ? [status] : undefined,
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxInfo() {
  return useQuery({
    queryKey: notificationKeys.outboxInfo,
    queryFn: ({ signal }) =>
      apiRequest<OutboxInfoResponse>(apiPaths.notificationOutboxInfo(), { signal }),
    staleTime: Infinity,
  });
}
