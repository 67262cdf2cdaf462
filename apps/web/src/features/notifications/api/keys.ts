export const notificationKeys = {
  all: ['notifications'] as const,
  history: (page: number) => ['notifications', 'history', page] as const,
  recipients: (id: number) => ['notifications', 'recipients', id] as const,
  outbox: (status: string, page: number) => ['notifications', 'outbox', status, page] as const,
  outboxInfo: ['notifications', 'outbox-info'] as const,
  mine: ['notifications', 'mine'] as const,
  date: ['notifications', 'mine', 'date'] as const,
  settings: ['notifications', 'settings'] as const,
};
