import type { OutboxMailResponse, SentNotificationResponse } from '@skolportalen/shared';
import { notificationSendingEndpoints } from '@skolportalen/shared/endpoints/notification-sending';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const historyPageSize = 10;
const working = (item: SentNotificationResponse) =>
  item.state === 'queued' || item.state === 'sending';

/** Sent notifications, newest first; polled while one is on its way, so its counts move. */
export function useNotificationHistory(page: number) {
  return useQuery({
    queryKey: notificationKeys.history(page),
    queryFn: ({ signal }) =>
      callList(notificationSendingEndpoints.history, {
        query: { page, perPage: historyPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(working) ? 1500 : false),
  });
}

export function useNotificationRecipients(id: number | null) {
  return useQuery({
    queryKey: notificationKeys.recipients(id ?? 0),
    queryFn: ({ signal }) =>
      callList(notificationSendingEndpoints.recipients, {
        params: { id: id! },
        query: { perPage: 9999 },
        signal,
      }),
    enabled: id !== null,
  });
}

export const outboxPageSize = 10;

/** The outbox, all of it or the mail of one status (`''`). */
export function useOutbox(status: OutboxMailResponse['status'] | '', page: number) {
  return useQuery({
    queryKey: notificationKeys.outbox(status, page),
    queryFn: ({ signal }) =>
      callList(notificationSendingEndpoints.outbox, {
        query: { page, perPage: outboxPageSize, status: status ? [status] : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxInfo() {
  return useQuery({
    queryKey: notificationKeys.outboxInfo,
    queryFn: ({ signal }) => call(notificationSendingEndpoints.outboxInfo, { signal }),
    staleTime: Infinity,
  });
}
