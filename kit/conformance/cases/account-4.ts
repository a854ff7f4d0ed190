/** Cases of the system, news, messages, team and support tags. */
import { SetupFailed, type Case, type Setup } from './case.ts';
import { clearWindows, PAST_WINDOWS, unknownId, upload } from './steps.ts';
import { isOk } from '../context.ts';

const control = ['control'] as Case['needs'];
/** Messages a conversation takes from its caller within 60 seconds (the contract's too_many_attempts of sendSupportMessage). */
const MESSAGES_PER_MINUTE = 20;
/** Guest keys one client may start within 60 minutes. */
const GUESTS_PER_HOUR = 20;

const plain = (op: Case['op'], what: string, query?: Record<string, string>): Case => ({
  op,
  expect: 'ok',
  what,
  request: async () => (query ? { query } : {}),
});

/** The id of the newest news article. */
async function newestArticle(s: Setup): Promise<string> {
  const first = (await s.ok('listNews', undefined, { pageSize: '1' })).items[0];
  if (!first) throw new SetupFailed('listNews lists no article', true);
  return first.id;
}

/** The id of one of the user's system messages (the welcome of a registration; else an announcement posted with the control API). */
async function someMessage(s: Setup): Promise<string> {
  const list = async () => (await s.ok('listMessages', undefined, { pageSize: '1' })).items[0]?.id;
  const id = (await list()) ?? (await s.mock('messages', { account: s.user.account, title: 'Conformance', body: 'A message to read.' }), await list());
  if (!id) throw new SetupFailed('the user has no system message, even after one was posted');
  return id;
}

const content: Case[] = [
  plain('getSettings', 'the public settings'),
  plain('listNews', 'the first page of news'),
  { op: 'getNews', expect: 'ok', what: 'the newest article listed', request: async (s) => ({ query: { id: await newestArticle(s) } }) },
  { op: 'getNews', expect: 'not_found', what: 'an id no article has', request: async () => ({ query: { id: unknownId('nw') } }) },
  plain('listMessages', 'a new user’s inbox'),
  { op: 'readMessage', expect: 'ok', what: 'one of the user’s messages', request: async (s) => ({ body: { id: await someMessage(s) } }) },
  { op: 'readMessage', expect: 'not_found', what: 'an id none of the user’s messages has', request: async () => ({ body: { id: unknownId('msg') } }) },
  plain('readAllMessages', 'a new user’s inbox'),
  plain('getTeam', 'a user without invitees'),
  plain('listTeamMembers', 'the first level of a user without invitees', { level: '1' }),
  plain('listRebates', 'a user without rebates'),
];

// ---- support -----------------------------------------------------------------------------------

const support: Case[] = [
  { op: 'startSupportGuest', expect: 'ok', what: 'a device without a key', request: async () => ({ body: {}, token: undefined }) },
  {
    op: 'startSupportGuest',
    expect: 'too_many_attempts',
    what: 'a 21st new key from this client within the hour',
    needs: control,
    async request(s) {
      // Stops early when keys started before this case (other checks of the run) already fill the hour.
      for (let i = 0; i < GUESTS_PER_HOUR; i++) if (!isOk(await s.send('startSupportGuest', { body: {}, token: undefined }))) break;
      return { body: {}, token: undefined };
    },
    cleanup: clearWindows,
  },
  plain('getSupportChat', 'a new user’s conversation'),
  {
    op: 'getSupportChat',
    expect: 'not_found',
    what: 'before an id that is none of the conversation’s messages',
    request: async () => ({ query: { before: unknownId('sm') } }),
  },
  plain('getSupportUnread', 'a new user’s conversation'),
  { op: 'sendSupportMessage', expect: 'ok', what: 'a text', request: async () => ({ body: { text: 'How long does a deposit take?' } }) },
  { op: 'sendSupportMessage', expect: 'field_required', what: 'only spaces and no image', request: async () => ({ body: { text: '   ' } }) },
  {
    op: 'sendSupportMessage',
    expect: 'too_many_attempts',
    what: 'a 21st message within 60 seconds',
    async request(s) {
      for (let i = 0; i < MESSAGES_PER_MINUTE; i++) await s.ok('sendSupportMessage', { text: `Message ${i + 1}` });
      return { body: { text: 'One more' } };
    },
  },
  { op: 'sendSupportMessage', expect: 'upload_missing', what: 'an image id that is no upload', request: async () => ({ body: { image: unknownId('up') } }) },
  {
    op: 'sendSupportMessage',
    expect: 'upload_expired',
    what: 'an image uploaded 61 minutes before and never used',
    needs: control,
    async request(s) {
      const image = await upload(s);
      await s.advance(PAST_WINDOWS);
      return { body: { image } };
    },
  },
  plain('readSupport', 'a new user’s conversation'),
];

export const contentCases: Case[] = [...content, ...support];
