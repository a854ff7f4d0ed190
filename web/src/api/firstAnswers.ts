/** Where preload.js (web/build/routePreload.ts) leaves its answers: full URL → the credential it sent and the answer. */
export const FIRST_ANSWERS = '__H5_FIRST_ANSWERS__';
export interface FirstAnswer {
  auth: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    /** false: the app has started, preload.js must not ask any more. */
    [FIRST_ANSWERS]?: Record<string, FirstAnswer | undefined> | false;
  }
}

/** An answer the app will not read: its connection is let go (unread, it would stay open). */
function discard(first: FirstAnswer): void {
  first.answer
    .then(
      (response) => response.body?.cancel(),
      () => {},
    )
    .catch(() => {});
}

/**
 * Lets go of the answers not taken (main.tsx, once the page's first queries have been sent: one
 * whose data was fresh did not ask), and tells a preload.js that runs later not to ask.
 */
export function discardFirstAnswers(): void {
  const answers = window[FIRST_ANSWERS];
  window[FIRST_ANSWERS] = false;
  for (const first of Object.values(answers || {})) if (first) discard(first);
}

/**
 * The answer preload.js asked for on this first visit (app/firstRequests.ts), if `request` is the
 * same one: a GET of the same URL with the same credential. Each answer is taken once. One that
 * failed is asked for again.
 */
export function takeFirstAnswer(request: Request): Promise<Response> | undefined {
  const answers = window[FIRST_ANSWERS];
  const first = answers ? answers[request.url] : undefined;
  if (!answers || !first || request.method !== 'GET') return undefined;
  delete answers[request.url];
  if (first.auth !== (request.headers.get('Authorization') ?? '')) return void discard(first);
  return first.answer.catch(() => globalThis.fetch(request));
}
