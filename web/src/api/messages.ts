/**
 * System messages, shared by the home page, the user centre and the messages pages: the user's
 * messages page by page with the unread count, kept live by the `systemMessage` event; reading one
 * or all updates the count in place. How a message reads in the user's language is `useMessageText`.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../contracts/generated/openapi';
import { exactMoney, formatSignedMoney, groupDigits, isolate } from '../lib/format';
import { paths, withQuery } from '../lib/paths';
import { useRealtime, useRealtimeResync } from '../realtime/hooks';
import { useIntlLocale } from '../i18n/useIntlLocale';
import { call, getToken } from './client';
import { queryKey } from './queryKey';

export type SystemMessage = components['schemas']['SystemMessage'];
type Page = components['schemas']['MessagePage'];
type Kind = components['schemas']['MessageKind'];

export const messagesQuery = infiniteQueryOptions({
  queryKey: queryKey('listMessages'),
  queryFn: ({ pageParam, signal }) => call('listMessages', { query: { page: pageParam, pageSize: 20 }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

export const useMessages = () => useInfiniteQuery({ ...messagesQuery, enabled: Boolean(getToken()) });

/** The number of unread messages (undefined until known, or for a guest). */
export function useUnreadCount(): number | undefined {
  useMessageEvents();
  return useMessages().data?.pages[0]?.unread;
}

/** Rewrites every cached page: each message through `update`, and the unread count. */
function patch(queryClient: QueryClient, update: (m: SystemMessage) => SystemMessage, unread: (old: number) => number) {
  queryClient.setQueryData<InfiniteData<Page>>(
    messagesQuery.queryKey,
    (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map(update), unread: unread(p.unread) })) },
  );
}

/** A new message joins the first page at once with the server's unread count. */
export function useMessageEvents(): void {
  const queryClient = useQueryClient();
  // One pushed before the connection was up (or while it was down) is read on (re)connect.
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: messagesQuery.queryKey }));
  useRealtime(null, 'systemMessage', ({ message, unread }) => {
    queryClient.setQueryData<InfiniteData<Page>>(messagesQuery.queryKey, (old) => {
      if (!old) return old;
      const [first, ...rest] = old.pages;
      // The same id again is the message updated in place (liquidations of one moment): replaced.
      if (old.pages.some((p) => p.items.some((m) => m.id === message.id))) {
        return { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map((m) => (m.id === message.id ? message : m)), unread })) };
      }
      return { ...old, pages: [{ ...first, items: [message, ...first.items], total: first.total + 1, unread }, ...rest.map((p) => ({ ...p, unread }))] };
    });
  });
}

/** Opens a message: the server marks it read; the cached lists follow. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('readMessage', { body: { id } }),
    onSuccess: (message) => {
      const cached = queryClient.getQueryData<InfiniteData<Page>>(messagesQuery.queryKey);
      const wasUnread = Boolean(cached?.pages.some((p) => p.items.some((m) => m.id === message.id && !m.read)));
      patch(
        queryClient,
        (m) => (m.id === message.id ? message : m),
        (n) => (wasUnread ? Math.max(0, n - 1) : n),
      );
    },
  });
}

export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('readAllMessages'),
    onSuccess: ({ unread }) =>
      patch(
        queryClient,
        (m) => ({ ...m, read: true }),
        () => unread,
      ),
  });
}

/** The param whose value picks a kind's wording (i18next's context): a fill's side, why a position closed, who cancelled, whom support decided for. */
const CONTEXT: Partial<Record<Kind, string>> = {
  order_filled: 'side',
  lever_opened: 'side',
  lever_closed: 'reason',
  p2p_cancelled: 'by',
  p2p_appeal_decided: 'outcome',
};

/**
 * A message's title and body in the user's language: the dictionary's text of its kind with its
 * params (amounts in their shortest exact form with their coin or currency, a P&L signed, each one
 * isolated unit; the context param for the wording), the server's English for
 * a kind this app does not know, the announcement's own text for an announcement.
 */
export function useMessageText(): (m: SystemMessage) => { title: string; body: string } {
  const { t, i18n } = useTranslation();
  const locale = useIntlLocale();
  return (m) => {
    const p = m.params ?? {};
    if (m.kind === 'announcement') return { title: p.title ?? m.title, body: p.body ?? m.body };
    const key = `messages.kinds.${m.kind}`;
    if (!i18n.exists(`${key}.title`)) return { title: m.title, body: m.body };
    const values = {
      ...p,
      ...(p.amount ? { amount: exactMoney(p.amount, p.fiat ?? p.coin ?? '', locale) } : {}),
      ...(p.quantity ? { quantity: exactMoney(p.quantity, p.coin ?? '', locale) } : {}),
      ...(p.refund ? { refund: exactMoney(p.refund, p.paidCoin ?? '', locale) } : {}),
      ...(p.pnl ? { pnl: formatSignedMoney(p.pnl, 2, 'USDT', locale) } : {}),
      ...(p.price ? { price: isolate(groupDigits(p.price, locale)) } : {}),
      ...(p.symbol ? { symbol: isolate(p.symbol) } : {}),
      // `count` stays a string (no plural forms): liquidations of one moment read "several" instead.
      context: m.kind === 'lever_liquidated' ? (Number(p.count) > 1 ? 'several' : undefined) : p[CONTEXT[m.kind] ?? ''],
    };
    return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
  };
}

/** Where a message's subject is shown (a P2P order's own page; the list that holds an order, a loan or a subscription), if it has one. */
export function messageLink(m: SystemMessage): string | null {
  switch (m.subject?.type) {
    case 'spot_order':
      return paths.trade.entrust;
    case 'lever_order':
      return paths.lever.orderList;
    case 'p2p_order':
      return withQuery(paths.legal.orderDetail, { id: m.subject.id });
    case 'loan':
      return paths.loans.loansdetail;
    case 'ieo_subscription':
      return paths.ieo.order;
    default:
      return null;
  }
}
