import { describe, expect, it } from 'vitest';
import { diffAsyncApi } from './asyncapi-diff.ts';
import { formatFinding } from './findings.ts';
import { diffOpenApi } from './openapi-diff.ts';
import type { JsonObject } from './resolve.ts';

type Doc = Record<string, any>;

const str = { type: 'string' };
const envelope = (message: JsonObject): JsonObject => ({
  content: { 'application/json': { schema: { type: 'object', properties: { type: { const: 'ok' }, message } } } },
});

function api(edit: (doc: Doc) => void = () => {}): JsonObject {
  const doc: Doc = {
    openapi: '3.1.0',
    info: { version: '1.0.0' },
    servers: [{ url: '/api' }],
    security: [],
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths: {
      '/orders': {
        post: {
          operationId: 'placeOrder',
          security: [{ token: [] }],
          'x-error-codes': [{ code: 'symbol_unknown' }, { code: 'insufficient_balance' }],
          parameters: [
            { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 64 } },
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', properties: { amount: { type: 'string', maxLength: 40 } } } },
              'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { amount: { type: 'string', maxLength: 40 } } } },
            },
          },
          responses: {
            '200': { ...envelope({ type: 'object', required: ['id'], properties: { id: str } }), headers: { 'X-Rate': { required: true, schema: str } } },
            '500': envelope({}),
          },
        },
      },
      '/orders/list': { get: { operationId: 'listOrders', responses: { '200': envelope({ type: 'array' }) } } },
    },
  };
  edit(doc);
  return doc as JsonObject;
}

const place = (doc: Doc) => doc.paths['/orders'].post;

/** `severity line` for every finding. */
const run = (edit: (doc: Doc) => void) => diffOpenApi(api(), api(edit), 'openapi').map((f) => `${f.severity} ${formatFinding(f)}`);

describe('OpenAPI operations', () => {
  it('reports nothing for equal documents', () => expect(run(() => {})).toEqual([]));

  const cases: [string, (doc: Doc) => void, string][] = [
    ['operation removed', (d) => delete d.paths['/orders/list'], 'breaking [openapi] listOrders: operation removed (GET /orders/list)'],
    [
      'operation added',
      (d) => (d.paths['/ping'] = { get: { operationId: 'ping', responses: {} } }),
      'non-breaking [openapi] ping: operation added (GET /ping)',
    ],
    [
      'operationId renamed',
      (d) => (d.paths['/orders/list'].get.operationId = 'getOrders'),
      'breaking [openapi] listOrders: operationId renamed: listOrders → getOrders',
    ],
    [
      'operation moved',
      (d) => ((d.paths['/orders/all'] = d.paths['/orders/list']), delete d.paths['/orders/list']),
      'breaking [openapi] listOrders: moved: GET /orders/list → GET /orders/all',
    ],
    ['parameter removed', (d) => place(d).parameters.pop(), 'breaking [openapi] placeOrder: parameter query dryRun: parameter removed'],
    [
      'required parameter added',
      (d) => place(d).parameters.push({ name: 'x', in: 'query', required: true, schema: str }),
      'breaking [openapi] placeOrder: parameter query x: required parameter added',
    ],
    [
      'optional parameter added',
      (d) => place(d).parameters.push({ name: 'x', in: 'query', schema: str }),
      'non-breaking [openapi] placeOrder: parameter query x: optional parameter added',
    ],
    ['parameter made required', (d) => (place(d).parameters[1].required = true), 'breaking [openapi] placeOrder: parameter query dryRun: optional → required'],
    [
      'parameter schema narrowed',
      (d) => (place(d).parameters[0].schema.maxLength = 36),
      'breaking [openapi] placeOrder: parameter header idempotency-key: maxLength lowered 64 → 36',
    ],
    ['request body made optional', (d) => (place(d).requestBody.required = false), 'non-breaking [openapi] placeOrder: request body: required → optional'],
    [
      'request media type removed',
      (d) => delete place(d).requestBody.content['application/x-www-form-urlencoded'],
      'breaking [openapi] placeOrder: request body: media type removed',
    ],
    ['response 200 removed', (d) => delete place(d).responses['200'], 'breaking [openapi] placeOrder: response 200: response removed'],
    ['error response added', (d) => (place(d).responses['401'] = envelope({})), 'non-breaking [openapi] placeOrder: response 401: error response added'],
    ['success response added', (d) => (place(d).responses['201'] = envelope({})), 'breaking [openapi] placeOrder: response 201: success response added'],
    [
      'response field removed',
      (d) => delete place(d).responses['200'].content['application/json'].schema.properties.message.properties.id,
      'breaking [openapi] placeOrder: response 200 /properties/message/properties/id: property removed',
    ],
    [
      'response header removed',
      (d) => delete place(d).responses['200'].headers,
      'breaking [openapi] placeOrder: response 200 header x-rate: response header removed',
    ],
    [
      'response header made optional',
      (d) => (place(d).responses['200'].headers['X-Rate'].required = false),
      'breaking [openapi] placeOrder: response 200 header x-rate: required → optional',
    ],
    ['error code removed', (d) => place(d)['x-error-codes'].pop(), 'breaking [openapi] placeOrder: x-error-codes: error code removed: insufficient_balance'],
    [
      'error code added',
      (d) => place(d)['x-error-codes'].push({ code: 'market_closed' }),
      'non-breaking [openapi] placeOrder: x-error-codes: error code added: market_closed',
    ],
    [
      'error code answered differently',
      (d) => (place(d)['x-error-codes'][0].status = 401),
      'breaking [openapi] placeOrder: x-error-codes: error code symbol_unknown answered differently: HTTP 200 type error → HTTP 401 type error',
    ],
    ['error codes reordered', (d) => place(d)['x-error-codes'].reverse(), 'non-breaking [openapi] placeOrder: x-error-codes: check order (precedence) changed'],
    [
      'session newly required',
      (d) => (d.paths['/orders/list'].get.security = [{ token: [] }]),
      'breaking [openapi] listOrders: security: no longer accepted: anonymous',
    ],
    ['anonymous newly accepted', (d) => place(d).security.push({}), 'non-breaking [openapi] placeOrder: security: now also accepted: anonymous'],
    ['security scheme changed', (d) => (d.components.securitySchemes.token.name = 'X-Token'), 'breaking [openapi] document: security scheme token: changed'],
    ['server URL changed', (d) => (d.servers = [{ url: '/v2' }]), 'breaking [openapi] document: servers: server URL removed: /api'],
  ];
  for (const [name, edit, expected] of cases) {
    it(name, () => expect(run(edit)).toContainEqual(expect.stringContaining(expected)));
  }

  it('reports a schema shared by two media types once', () => {
    const found = run((d) => {
      for (const media of Object.values(place(d).requestBody.content) as Doc[]) media.schema.properties.amount.maxLength = 30;
    });
    expect(found).toEqual(['breaking [openapi] placeOrder: request body /properties/amount: maxLength lowered 40 → 30']);
  });
});

function events(edit: (doc: Doc) => void = () => {}): JsonObject {
  const topics = { type: 'object', additionalProperties: false, properties: { topics: { type: 'array', items: str, maxItems: 50 } } };
  const ack = { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } };
  const ticker = { type: 'object', required: ['time'], properties: { time: { type: 'integer' } } };
  const token = { type: 'apiKey', in: 'password' };
  const doc: Doc = {
    asyncapi: '3.0.0',
    info: { version: '1.0.0' },
    channels: {
      root: {
        address: '/',
        'x-socketio': { namespace: '/', path: '/socket.io/' },
        messages: { subscribe: { name: 'subscribe', payload: topics }, tickers: { name: 'tickers', payload: ticker } },
      },
    },
    operations: {
      subscribe: { action: 'receive', messages: [{ name: 'subscribe', payload: topics }], 'x-socketio': { event: 'subscribe', ack } },
      tickers: { action: 'send', messages: [{ name: 'tickers', payload: ticker }], 'x-socketio': { event: 'tickers', room: 'tickers' } },
      balances: {
        action: 'send',
        security: [token],
        messages: [{ name: 'balances', payload: ticker }],
        'x-socketio': { event: 'balances', room: 'user:{userId}' },
      },
    },
  };
  edit(doc);
  return doc as JsonObject;
}

const runEvents = (edit: (doc: Doc) => void) => diffAsyncApi(events(), events(edit)).map((f) => `${f.severity} ${formatFinding(f)}`);

describe('AsyncAPI events', () => {
  it('reports nothing for equal documents', () => expect(runEvents(() => {})).toEqual([]));

  const cases: [string, (doc: Doc) => void, string][] = [
    ['event removed', (d) => delete d.operations.tickers, 'breaking [asyncapi] event tickers: event removed'],
    ['event renamed', (d) => (d.operations.tickers['x-socketio'].event = 'ticker'), 'breaking [asyncapi] event tickers: event removed'],
    [
      'event added',
      (d) => (d.operations.news = { action: 'send', messages: [], 'x-socketio': { event: 'news' } }),
      'non-breaking [asyncapi] event news: event added',
    ],
    ['room changed', (d) => (d.operations.tickers['x-socketio'].room = 'prices'), 'breaking [asyncapi] event tickers: room: changed: tickers → prices'],
    ['action changed', (d) => (d.operations.tickers.action = 'receive'), 'breaking [asyncapi] event tickers: action: changed: send → receive'],
    [
      'sent payload field removed',
      (d) => delete d.operations.tickers.messages[0].payload.properties.time,
      'breaking [asyncapi] event tickers: payload /properties/time: property removed',
    ],
    [
      'sent payload field added',
      (d) => (d.operations.tickers.messages[0].payload.properties.extra = str),
      'non-breaking [asyncapi] event tickers: payload /properties/extra: property added',
    ],
    [
      'received payload narrowed',
      (d) => (d.operations.subscribe.messages[0].payload.properties.topics.maxItems = 10),
      'breaking [asyncapi] event subscribe: payload /properties/topics: maxItems lowered 50 → 10',
    ],
    [
      'received payload widened',
      (d) => (d.operations.subscribe.messages[0].payload.properties.topics.maxItems = 99),
      'non-breaking [asyncapi] event subscribe: payload /properties/topics: maxItems raised 50 → 99',
    ],
    [
      'ack field made optional',
      (d) => (d.operations.subscribe['x-socketio'].ack.required = []),
      'breaking [asyncapi] event subscribe: ack /properties/ok: required → optional',
    ],
    [
      'session newly required',
      (d) => (d.operations.tickers.security = [{ type: 'apiKey', in: 'password' }]),
      'breaking [asyncapi] event tickers: security: no longer accepted: anonymous',
    ],
    [
      'session no longer required',
      (d) => delete d.operations.balances.security,
      'non-breaking [asyncapi] event balances: security: now also accepted: anonymous',
    ],
    ['namespace changed', (d) => (d.channels.root['x-socketio'].namespace = '/v2'), 'breaking [asyncapi] channel root: x-socketio namespace: changed: / → /v2'],
    [
      'channel message removed (@asyncapi/diff)',
      (d) => delete d.channels.root.messages.tickers,
      'breaking [asyncapi] structure: /channels/root/messages/tickers: removed',
    ],
  ];
  for (const [name, edit, expected] of cases) {
    it(name, () => expect(runEvents(edit)).toContainEqual(expect.stringContaining(expected)));
  }
});
