// @vitest-environment jsdom
/** The app takes preload.js's answer to a page's first request once, and only for the same request. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardFirstAnswers, FIRST_ANSWERS, takeFirstAnswer } from './firstAnswers';

const WALLET = 'http://localhost/api/me/wallet';
/** An answer whose body records being let go. */
function answer(body: string) {
  const cancel = vi.fn();
  const response = new Response(body);
  Object.defineProperty(response, 'body', { value: { cancel } });
  return { answer: Promise.resolve(response), cancel };
}

describe('takeFirstAnswer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window[FIRST_ANSWERS];
  });

  const get = (auth?: string, method = 'GET', url = WALLET) => new Request(url, { method, headers: auth ? { Authorization: auth } : {} });

  it('the same GET with the same credential: the answer, once', async () => {
    window[FIRST_ANSWERS] = { [WALLET]: { auth: 'tok', answer: Promise.resolve(new Response('first')) } };
    expect(await (await takeFirstAnswer(get('tok')))!.text()).toBe('first');
    expect(takeFirstAnswer(get('tok'))).toBeUndefined();
  });

  it('not for another credential (that answer is let go), another method or another URL', async () => {
    const other = answer('x');
    window[FIRST_ANSWERS] = { [WALLET]: { auth: 'tok', answer: other.answer } };
    expect(takeFirstAnswer(get('other'))).toBeUndefined();
    await vi.waitFor(() => expect(other.cancel).toHaveBeenCalled());
    window[FIRST_ANSWERS] = { [WALLET]: { auth: '', answer: answer('x').answer } };
    expect(takeFirstAnswer(get(undefined, 'POST'))).toBeUndefined();
    expect(takeFirstAnswer(get(undefined, 'GET', 'http://localhost/api/coins'))).toBeUndefined();
  });

  it('one that failed is asked for again', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('again')));
    vi.stubGlobal('fetch', fetch);
    window[FIRST_ANSWERS] = { [WALLET]: { auth: '', answer: Promise.reject(new TypeError('offline')) } };
    expect(await (await takeFirstAnswer(get()))!.text()).toBe('again');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('once the app has started: what was not taken is let go, and nothing more is taken', async () => {
    const untaken = answer('fresh data, not asked for');
    window[FIRST_ANSWERS] = { [WALLET]: { auth: '', answer: untaken.answer } };
    discardFirstAnswers();
    await vi.waitFor(() => expect(untaken.cancel).toHaveBeenCalled());
    expect(window[FIRST_ANSWERS]).toBe(false);
    expect(takeFirstAnswer(get())).toBeUndefined();
  });
});
