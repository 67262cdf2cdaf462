import {
  answerJson,
  firstScreenDataId,
  type FirstScreenAnswer,
  type FirstScreenRequest,
} from '@skolportalen/shared/start-page';
import { paginationTotalHeader } from '@skolportalen/shared/api-roots';

/**
 * Answers of the first screen that need no request of the app's own. The
 * server puts the start page's answers inside the page served at "/"
 * (apps/server/src/http/first-screen.ts); what it left out is sent from
 * early-requests-entry.ts, a script of its own that runs before the app's
 * code, so those answers travel while the browser evaluates React and the
 * rest. The app's identical request — same method, address and body — takes
 * the answer instead of sending again (lib/api-client.ts). Only for a moment:
 * an answer nobody took within `earlyAnswerMaxAgeMs` is dropped, never
 * served later.
 */
export const earlyAnswerMaxAgeMs = 10_000;

const inFlight = new Map<string, { response: Promise<Response>; sentAt: number }>();

/** Set once the app itself has started asking: early requests would then only be repeats. */
let appAsking = false;

/**
 * The app calls this before its first request; an early script running later
 * sends nothing. The answers inside the page are taken over here and then, so
 * they leave the document as the app starts, not with its first request: a
 * reading page makes that only once its data module has loaded (app/reading-prefetch.ts).
 */
export function markAppAsking() {
  appAsking = true;
  readPageAnswers();
}

/** Frees an answer nobody will read, so its connection does not stay busy. */
function discard(response: Promise<Response>) {
  void response.then((answer) => answer.body?.cancel()).catch(() => undefined);
}

const keyOf = (method: string, url: string, body: string | undefined) =>
  `${method} ${url} ${body ?? ''}`;

/** Forgets an answer nobody took in time, unless it was taken or replaced meanwhile. */
function expire(key: string, response: Promise<Response>) {
  setTimeout(() => {
    if (inFlight.get(key)?.response !== response) return;
    inFlight.delete(key);
    discard(response);
  }, earlyAnswerMaxAgeMs);
}

let pageAnswersRead = false;

/**
 * Takes over the answers the server put inside the page, once, and removes
 * them from the document: they are for the first screen only. Unreadable
 * data is ignored — the app then simply asks.
 */
function readPageAnswers() {
  if (pageAnswersRead || typeof document === 'undefined') return;
  pageAnswersRead = true;
  const element = document.getElementById(firstScreenDataId);
  if (!element) return;
  element.remove();
  let answers: FirstScreenAnswer[];
  try {
    answers = JSON.parse(element.textContent ?? '') as FirstScreenAnswer[];
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  for (const answer of answers) {
    const json = answerJson(answers, answer);
    if (json === undefined) continue;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (answer.total !== undefined) headers[paginationTotalHeader] = answer.total;
    const response = Promise.resolve(
      new Response(JSON.stringify(json), { status: answer.status, headers }),
    );
    const key = keyOf(answer.method, answer.url, answer.body);
    inFlight.set(key, { response, sentAt: Date.now() });
    expire(key, response);
  }
}

export function sendEarly(requests: readonly FirstScreenRequest[]) {
  readPageAnswers();
  if (appAsking) return;
  for (const request of requests) {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    // Answered inside the page already.
    if (inFlight.has(keyOf(request.method, request.url, body))) continue;
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
    expire(key, response);
  }
}

/** The answer to this request if it was sent early (and recently); at most once. */
export function takeEarlyResponse(
  method: string,
  url: string,
  body: string | undefined,
): Promise<Response> | undefined {
  readPageAnswers();
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
  // The page's answers were removed from the document when read; a new page may bring others.
  pageAnswersRead = false;
}
