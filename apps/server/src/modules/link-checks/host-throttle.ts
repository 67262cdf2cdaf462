/**
 * At most one request per host per interval, across every worker of a run.
 * A request's turn is taken when it is sent, not when it starts waiting, so
 * a busy event loop cannot bunch two requests together.
 */
export class HostThrottle {
  private readonly next = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  async wait(host: string) {
    if (this.intervalMs <= 0) return;
    for (;;) {
      const now = Date.now();
      const free = this.next.get(host) ?? 0;
      if (now >= free) {
        this.next.set(host, now + this.intervalMs);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, free - now));
    }
  }
}
