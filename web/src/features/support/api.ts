/**
 * The support chat: access (a user's session, or this device's guest key asked once and resumed
 * after), the conversation page by page backwards, sending with the message shown at once (sending,
 * failed with retry), reading, and the live events: new messages, the agent typing, the agent
 * having read the user's messages.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { components } from '../../../../contracts/generated/openapi';
import { call, getGuestKey, newIdempotencyKey, setGuestKey } from '../../api/client';
import { queryKey } from '../../api/queryKey';
import { supportUnreadQuery, supportWho } from '../../api/support';
import { useRealtime, useRealtimeResync } from '../../realtime/hooks';
import { realtime } from '../../realtime/socket';
import { useUploadImage } from '../../ui/uploads/api';

export type SupportMessage = components['schemas']['SupportMessage'];
type Chat = components['schemas']['SupportChat'];

const PAGE = 30;

/** True once this device may call the chat: logged in, or a guest key the server knows. */
export function useSupportAccess() {
  const who = supportWho();
  return useQuery(
    queryOptions({
      queryKey: [...queryKey('startSupportGuest'), who] as const,
      queryFn: async () => {
        if (who === 'user') return true;
        const stored = getGuestKey();
        const { key } = await call('startSupportGuest', { body: stored ? { key: stored } : {} });
        if (key !== stored) {
          setGuestKey(key);
          // The socket's handshake must carry the new key to receive the guest's events.
          realtime.reauthenticate();
        }
        return true;
      },
      staleTime: Infinity,
      retry: 1,
    }),
  );
}

const chatQuery = (who: 'user' | 'guest') =>
  infiniteQueryOptions({
    queryKey: [...queryKey('getSupportChat'), who] as const,
    queryFn: ({ pageParam, signal }) => call('getSupportChat', { query: { limit: PAGE, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: '',
    // Pages go back in time: the next page is the one before the oldest message loaded.
    getNextPageParam: (last: Chat) => (last.hasMore ? last.messages[0]?.id : undefined),
    staleTime: Infinity,
  });

/** Rewrites every loaded message. */
function patchChat(queryClient: QueryClient, who: 'user' | 'guest', update: (m: SupportMessage) => SupportMessage) {
  queryClient.setQueryData<InfiniteData<Chat, string>>(
    chatQuery(who).queryKey,
    (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, messages: p.messages.map(update) })) },
  );
}

/** Adds a message to the newest page unless it is there already. */
function addMessage(queryClient: QueryClient, who: 'user' | 'guest', message: SupportMessage) {
  queryClient.setQueryData<InfiniteData<Chat, string>>(chatQuery(who).queryKey, (old) => {
    if (!old || old.pages.some((p) => p.messages.some((m) => m.id === message.id))) return old;
    const [newest, ...rest] = old.pages;
    return { ...old, pages: [{ ...newest, messages: [...newest.messages, message] }, ...rest] };
  });
}

/** The conversation, oldest first, with the agent's typing state; events applied as they come. */
export function useSupportChat(enabled: boolean) {
  const who = supportWho();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...chatQuery(who), enabled });
  const [typing, setTyping] = useState(false);
  useRealtime(null, 'supportMessage', ({ message }) => {
    addMessage(queryClient, who, message);
    if (message.from === 'agent') setTyping(false);
  });
  useRealtime(null, 'supportRead', ({ until }) => patchChat(queryClient, who, (m) => (m.from === 'user' && m.time <= until ? { ...m, read: true } : m)));
  useRealtime(null, 'supportTyping', ({ typing: now }) => setTyping(now));
  // A message pushed while the connection was not open yet (or was down) is missed: read the chat again.
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: chatQuery(who).queryKey }));
  // A lost "stopped typing" must not leave the indicator on for ever.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), 15_000);
    return () => clearTimeout(timer);
  }, [typing]);
  const messages = query.data ? [...query.data.pages].reverse().flatMap((p) => p.messages) : [];
  return { ...query, messages, typing };
}

/** Marks the agent's messages read (on opening, and when one arrives while the chat is on screen). */
export function useReadSupport() {
  const who = supportWho();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => call('readSupport'),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(supportUnreadQuery().queryKey, { unread });
      patchChat(queryClient, who, (m) => (m.from === 'agent' ? { ...m, read: true } : m));
    },
  });
  return mutate;
}

/** A message of this page not confirmed by the server yet. */
export interface Outgoing {
  localId: string;
  text?: string;
  /** A data URL, shown while it uploads. */
  preview?: string;
  status: 'sending' | 'failed';
  time: number;
}

/**
 * Sending: the message shows at once as "sending"; an image is uploaded first (the upload path
 * of every image in the app); a failure stays on screen with a retry that sends the same request
 * again (same idempotency keys), so nothing is typed twice and nothing is sent twice.
 */
export function useSendSupport() {
  const who = supportWho();
  const queryClient = useQueryClient();
  const upload = useUploadImage();
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const requests = useRef(new Map<string, { text?: string; image?: string; imageId?: string; key: string }>());

  const run = useCallback(
    async (localId: string) => {
      const req = requests.current.get(localId);
      if (!req) return;
      setOutgoing((list) => list.map((o) => (o.localId === localId ? { ...o, status: 'sending' } : o)));
      try {
        if (req.image && !req.imageId) req.imageId = (await upload.mutateAsync(req.image)).id;
        const message = await call('sendSupportMessage', {
          body: { ...(req.text ? { text: req.text } : {}), ...(req.imageId ? { image: req.imageId } : {}) },
          idempotencyKey: req.key,
        });
        addMessage(queryClient, who, message);
        requests.current.delete(localId);
        setOutgoing((list) => list.filter((o) => o.localId !== localId));
      } catch {
        setOutgoing((list) => list.map((o) => (o.localId === localId ? { ...o, status: 'failed' } : o)));
      }
    },
    [queryClient, upload, who],
  );

  const send = useCallback(
    (input: { text?: string; image?: string }) => {
      const localId = newIdempotencyKey();
      requests.current.set(localId, { ...input, key: newIdempotencyKey() });
      setOutgoing((list) => [...list, { localId, text: input.text, preview: input.image, status: 'sending', time: Date.now() }]);
      void run(localId);
    },
    [run],
  );

  const discard = useCallback((localId: string) => {
    requests.current.delete(localId);
    setOutgoing((list) => list.filter((o) => o.localId !== localId));
  }, []);

  return { outgoing, send, retry: run, discard };
}
