/**
 * Requests of the first screen sent before the app's code has loaded (from
 * early-requests-entry.ts, a script of its own in the page served at "/"), so
 * their answers travel while the browser evaluates React and the rest. The
 * app's identical request — same method, address and body — takes the answer
 * instead of sending again (lib/api-client.ts). Only for a moment: an answer
 * nobody took within `earlyAnswerMaxAgeMs` is dropped, never served later.
 */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as JSON, serialised exactly as the api client does. */
  body?: unknown;
}

export const earlyAnswerMaxAgeMs = 10_000;

const inFlight = new Map<string, { response: Promise<Response>; sentAt: number }>();

/** Set once the app itself has started asking: early requests would then only be repeats. */
let appAsking = false;

/** The app calls this before its first request; an early script running later sends nothing. */
export function markAppAsking() {
  appAsking = true;
}

/** Frees an answer nobody will read, so its connection does not stay busy. */
function discard(response: Promise<Response>) {
  void response.then((answer) => answer.body?.cancel()).catch(() => undefined);
}

const keyOf = (method: string, url: string, body: string | undefined) =>
  `${method} ${url} ${body ?? ''}`;

export function sendEarly(requests: readonly EarlyRequest[]) {
  if (appAsking) return;
  for (const request of requests) {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = fetch(request.url, {
      method: request.method,
      headers,
      credentials: 'same-origin',
      body,
    });
    // A failure is the taker's to handle; one nobody takes must not be reported as unhandled.
    response.catch(() => undefined);
    const key = keyOf(request.method, request.url, body);
    inFlight.set(key, { response, sentAt: Date.now() });
    setTimeout(() => {
      if (inFlight.get(key)?.response !== response) return;
      inFlight.delete(key);
      discard(response);
    }, earlyAnswerMaxAgeMs);
  }
}

/** The answer to this request if it was sent early (and recently); at most once. */
export function takeEarlyResponse(
  method: string,
  url: string,
  body: string | undefined,
): Promise<Response> | undefined {
  const key = keyOf(method, url, body);
  const early = inFlight.get(key);
  if (!early) return undefined;
  inFlight.delete(key);
  if (Date.now() - early.sentAt <= earlyAnswerMaxAgeMs) return early.response;
  discard(early.response);
  return undefined;
}

/** Drops every early answer not taken (the session ended, or in tests). */
export function forgetEarlyResponses() {
  for (const { response } of inFlight.values()) discard(response);
  inFlight.clear();
}
