/**
 * Toasts (issue #18, item 5): identical messages merge into one toast, each kind has its colour and
 * display time, a page's toasts close when the page changes, and nothing in the app raises a toast
 * around ui/toast.tsx (where the merging, colours and placement live).
 */
import { join } from 'node:path';
import { appSources } from '../testing/appSources';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTO_CLOSE, planToast, toast, toastId, toastsSettled } from './toast';

const all = () => {
  const s = notificationsStore.getState();
  return [...s.notifications, ...s.queue];
};

afterEach(() => notifications.clean());

describe('planToast', () => {
  it('gives the same message of the same kind the same id, and other messages other ids', () => {
    expect(toastId('error', 'Wrong password')).toBe(toastId('error', 'Wrong password'));
    expect(toastId('error', 'Wrong password')).not.toBe(toastId('error', 'Wrong password!'));
    expect(toastId('error', 'Done')).not.toBe(toastId('success', 'Done'));
  });

  it('shows a new message, and updates (restarting its timer) a message already there', () => {
    const first = planToast([], 'error', 'Wrong password');
    expect(first.action).toBe('show');
    expect(first.data).toMatchObject({
      color: 'var(--mantine-color-error)',
      autoClose: AUTO_CLOSE.error,
      'data-kind': 'error',
      'data-scope': 'page',
      'data-repeats': 1,
    });
    const second = planToast([first.data], 'error', 'Wrong password');
    expect(second.action).toBe('update');
    expect(second.data.id).toBe(first.data.id);
    expect(second.data['data-repeats']).toBe(2);
    // A different duration is what makes Mantine start the timer again.
    expect(second.data.autoClose).not.toBe(first.data.autoClose);
    const third = planToast([second.data], 'error', 'Wrong password');
    expect(third.data.autoClose).not.toBe(second.data.autoClose);
  });

  it('colours and times each kind: errors red and longest, successes green and kept across pages, infos neutral', () => {
    expect(planToast([], 'success', 'Saved').data).toMatchObject({ color: 'green', autoClose: AUTO_CLOSE.success, 'data-scope': 'app' });
    expect(planToast([], 'info', 'Code sent').data).toMatchObject({ color: 'gray', autoClose: AUTO_CLOSE.info, 'data-scope': 'page' });
    expect(AUTO_CLOSE.error).toBeGreaterThan(AUTO_CLOSE.success);
    expect(planToast([], 'error', 'Verify first', { keep: true }).data['data-scope']).toBe('app');
    for (const kind of ['success', 'error', 'info'] as const) {
      const { data } = planToast([], kind, 'x');
      expect(data.withCloseButton).toBe(true);
      expect(data.icon).toBeTruthy();
    }
  });
});

describe('toast', () => {
  it('shows three identical errors as one toast', async () => {
    toast.error('Wrong account or password');
    toast.error('Wrong account or password');
    toast.error('Wrong account or password');
    await toastsSettled();
    expect(all()).toHaveLength(1);
    expect(all()[0]['data-repeats']).toBe(3);
    toast.error('Something else');
    await toastsSettled();
    expect(all()).toHaveLength(2);
  });

  it('closes the toasts of the page left, and keeps successes and kept errors', async () => {
    toast.pageShown('/pages/mine/login');
    toast.error('Wrong account or password');
    toast.info('Code sent');
    toast.success('Order placed');
    toast.error('Please verify your identity', { keep: true });
    toast.pageShown('/pages/mine/login'); // the same page again: nothing closes
    await toastsSettled();
    expect(all()).toHaveLength(4);
    toast.pageShown('/pages/home/home');
    await toastsSettled();
    expect(all().map((n) => n.message)).toEqual(['Order placed', 'Please verify your identity']);
  });
});

describe('the app raises toasts only through ui/toast.tsx', () => {
  it('imports @mantine/notifications nowhere else (but in the layer toast.tsx loads on the first toast)', () => {
    const offenders = appSources()
      .filter((s) => ![join('ui', 'toast.tsx'), join('ui', 'toastLayer.tsx')].includes(s.path) && /from '@mantine\/notifications'/.test(s.text))
      .map((s) => s.path);
    expect(offenders, 'use toast.success / toast.error / toast.info from ui/toast').toEqual([]);
  });
});
