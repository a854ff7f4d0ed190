/**
 * The upload_capacity cases: other fresh users fill the server's room for images, then the case's
 * user uploads (or sends in the support chat) one more. What they filled is freed afterwards, so
 * that the server is as roomy for the next check and the next run: pending uploads by the clock
 * passing their hour, chat images by pushing their messages out of the fillers' kept history.
 */
import { outcome } from '../checks.ts';
import { isOk } from '../context.ts';
import type { Exchange } from '../http.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { heavyPng } from './account-images.ts';
import { clearWindows, PAST_COOLDOWN, upload } from './steps.ts';

/** Just under 5 MiB: 5 fit a user's 25 MiB of pending uploads, 8 their 40 MiB of chat images. */
const HEAVY = heavyPng(5_242_000);
/** Enough fillers for the mock's 150 MiB store (6 users of 5 pending images) and 50 MiB of chat images (2 users of 8), with room to spare. */
const MAX_FILLERS = 8;
const PENDING_PER_FILLER = 5;
const CHAT_IMAGES_PER_FILLER = 8;
/** A support conversation keeps its newest 500 messages; a caller may send 20 a minute. */
const HISTORY_KEPT = 500;
const MESSAGES_PER_MINUTE = 20;

/** Fresh users each do `step` up to `times` times, until one answers upload_capacity: the fillers. */
async function fill(s: Setup, times: number, step: (filler: Setup) => Promise<Exchange>): Promise<Setup[]> {
  const fillers: Setup[] = [];
  while (fillers.length < MAX_FILLERS) {
    const filler = await s.other();
    fillers.push(filler);
    for (let i = 0; i < times; i++) {
      const ex = await step(filler);
      if (outcome(ex) === 'upload_capacity') return fillers;
      if (!isOk(ex)) throw new SetupFailed(`a filler's 5 MB image answered ${outcome(ex)}`);
    }
  }
  throw new SetupFailed(`${MAX_FILLERS * times} images of 5 MB did not reach upload_capacity`);
}

/** Pushes a filler's chat images out of its conversation's kept history (which removes them), a minute's worth of messages at a time. */
async function dropChatImages(filler: Setup): Promise<void> {
  for (let sent = 0; sent < HISTORY_KEPT; sent += MESSAGES_PER_MINUTE) {
    await filler.advance(PAST_COOLDOWN);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) await filler.ok('sendSupportMessage', { text: `deposit question ${sent + i + 1}` });
  }
}

/** The chat case's fillers, from its request to its `then` and `cleanup`, by the case's own Setup. */
const chatFillers = new WeakMap<Setup, Array<{ filler: Setup; firstImage: string }>>();
const fillersOf = (s: Setup) => chatFillers.get(s) ?? chatFillers.set(s, []).get(s)!;

export const capacityCases: Case[] = [
  {
    op: 'uploadImage',
    expect: 'upload_capacity',
    what: 'a 5 MB image once other users’ pending uploads fill the server’s store',
    needs: ['control'],
    async request(s) {
      await fill(s, PENDING_PER_FILLER, (filler) => filler.send('uploadImage', { body: { image: HEAVY } }));
      return { body: { image: HEAVY } };
    },
    // Pending uploads are removed an hour after they were made.
    cleanup: clearWindows,
  },
  {
    op: 'sendSupportMessage',
    expect: 'upload_capacity',
    what: 'a 5 MB image once other users’ chat images fill the server’s room for them',
    needs: ['control'],
    async request(s) {
      const fillers = fillersOf(s);
      await fill(s, CHAT_IMAGES_PER_FILLER, async (filler) => {
        const image = await upload(filler, HEAVY);
        const sent = await filler.send('sendSupportMessage', { body: { image } });
        if (isOk(sent) && !fillers.some((f) => f.filler === filler)) fillers.push({ filler, firstImage: image });
        return sent;
      });
      return { body: { image: await upload(s, HEAVY) } };
    },
    async then(s) {
      const fillers = fillersOf(s).splice(0);
      for (const { filler } of fillers) await dropChatImages(filler);
      const left = [];
      for (const { filler, firstImage } of fillers)
        if (outcome(await filler.send('getUpload', { query: { id: firstImage } })) !== 'not_found') left.push(firstImage);
      return left.length ? `chat images were not removed with the messages the history dropped: ${left.join(', ')}` : undefined;
    },
    // After a failure too: the shared room for chat images is made free again.
    async cleanup(s) {
      for (const { filler } of fillersOf(s).splice(0)) await dropChatImages(filler);
      await clearWindows(s);
    },
  },
];
