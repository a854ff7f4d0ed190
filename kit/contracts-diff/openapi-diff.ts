/**
 * Compares two resolved OpenAPI 3.1 documents operation by operation (openapi.yaml and the mock's
 * control API, mock-control.yaml). Operations are matched by operationId, else by method and path.
 *
 * - operation removed, moved to another method or path, or its operationId renamed (the app's
 *   generated client and the mock's fault matching use it): breaking; added: non-breaking.
 * - parameters (by `in` and name): removed (a server refuses query parameters it does not define),
 *   added required, optional → required, or a narrowed schema: breaking; added optional, required →
 *   optional, a widened schema: non-breaking.
 * - request body: made required, added required, removed, a media type dropped, or a narrowed
 *   schema (request direction, see schema-diff.ts): breaking.
 * - responses: the schema of every status (response direction); a 2xx response or a response media
 *   type removed, a 2xx status added: breaking; an error status added or dropped: non-breaking.
 *   Response headers: removed or made optional, or a widened schema: breaking.
 * - `x-error-codes`: a code removed (clients, QA and the conformance tests rely on each documented
 *   reason) or answered with another HTTP status or envelope type: breaking; a code added:
 *   non-breaking (Compatibility: servers may add codes; clients show `message` for unknown ones);
 *   the order (precedence) changed: non-breaking, flagged.
 * - security: an alternative no longer accepted (e.g. a session now needed): breaking; one added:
 *   non-breaking. A security scheme removed or changed (`type`, `in`, `name`, `scheme`): breaking.
 * - `servers` URLs changed: breaking. `deprecated`, `x-call-style`: non-breaking.
 */
import type { DocName, Finding } from './findings.ts';
import { isObject, type Json, type JsonObject } from './resolve.ts';
import { canonical, diffSchemas, type Direction, type Severity } from './schema-diff.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface Operation {
  key: string;
  id: string | undefined;
  method: string;
  path: string;
  op: JsonObject;
  /** Path-level and operation-level parameters, by `in:name`. */
  parameters: Map<string, JsonObject>;
  security: Set<string>;
}

const obj = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});

/** Security requirement alternatives as texts: `token`, `token+guestKey`, `` (anonymous). */
export function securityAlternatives(requirements: Json | undefined, schemeName: (s: Json) => string = String): Set<string> {
  if (!Array.isArray(requirements) || requirements.length === 0) return new Set(['']);
  return new Set(
    requirements.map((r) => {
      if (!isObject(r)) return schemeName(r);
      return Object.entries(r)
        .map(([name, scopes]) => (Array.isArray(scopes) && scopes.length ? `${name}(${scopes.join(',')})` : name))
        .sort()
        .join('+');
    }),
  );
}

export const showAlternative = (alt: string) => (alt === '' ? 'anonymous (no credentials)' : alt);

function operations(doc: JsonObject): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, itemJson] of Object.entries(obj(doc.paths))) {
    const item = obj(itemJson);
    for (const method of METHODS) {
      if (!isObject(item[method])) continue;
      const op = item[method];
      const parameters = new Map<string, JsonObject>();
      for (const p of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        if (!isObject(p)) continue;
        const where = String(p.in);
        const name = where === 'header' ? String(p.name).toLowerCase() : String(p.name);
        parameters.set(`${where} ${name}`, p);
      }
      const id = typeof op.operationId === 'string' ? op.operationId : undefined;
      const key = id ?? `${method.toUpperCase()} ${path}`;
      out.set(key, { key, id, method, path, op, parameters, security: securityAlternatives(op.security ?? doc.security) });
    }
  }
  return out;
}

class OperationDiffer {
  readonly out: Finding[] = [];
  constructor(
    private readonly doc: DocName,
    private readonly refNames: WeakMap<object, string> | undefined,
  ) {}

  add(subject: string, location: string, message: string, severity: Severity) {
    this.out.push({ doc: this.doc, subject, location, message, severity });
  }

  schema(subject: string, location: string, before: Json | undefined, after: Json | undefined, direction: Direction) {
    for (const f of diffSchemas(before, after, direction, { refNames: this.refNames })) {
      this.add(subject, `${location}${f.location ? ` ${f.location}` : ''}`, f.message, f.severity);
    }
  }

  operation(b: Operation, a: Operation) {
    const s = a.key;
    if (b.method !== a.method || b.path !== a.path) {
      this.add(s, '', `moved: ${b.method.toUpperCase()} ${b.path} → ${a.method.toUpperCase()} ${a.path}`, 'breaking');
    }
    for (const alt of b.security) if (!a.security.has(alt)) this.add(s, 'security', `no longer accepted: ${showAlternative(alt)}`, 'breaking');
    for (const alt of a.security) if (!b.security.has(alt)) this.add(s, 'security', `now also accepted: ${showAlternative(alt)}`, 'non-breaking');
    if (!b.op.deprecated && a.op.deprecated) this.add(s, '', 'deprecated', 'non-breaking');
    if (b.op['x-call-style'] !== a.op['x-call-style']) {
      this.add(s, 'x-call-style', `changed: ${String(b.op['x-call-style'])} → ${String(a.op['x-call-style'])} (how the app presents the call)`, 'non-breaking');
    }
    this.parameters(s, b, a);
    this.requestBody(s, obj(b.op.requestBody), obj(a.op.requestBody), b.op.requestBody !== undefined, a.op.requestBody !== undefined);
    this.responses(s, obj(b.op.responses), obj(a.op.responses));
    this.errorCodes(s, b.op['x-error-codes'], a.op['x-error-codes']);
  }

  private parameters(s: string, b: Operation, a: Operation) {
    for (const [key, pb] of b.parameters) {
      const pa = a.parameters.get(key);
      const at = `parameter ${key}`;
      if (!pa) {
        this.add(s, at, 'parameter removed (no longer accepted)', 'breaking');
        continue;
      }
      if (!pb.required && pa.required) this.add(s, at, 'optional → required', 'breaking');
      if (pb.required && !pa.required) this.add(s, at, 'required → optional', 'non-breaking');
      this.schema(s, at, pb.schema, pa.schema, 'request');
      this.content(s, at, obj(pb.content), obj(pa.content), 'request');
    }
    for (const [key, pa] of a.parameters) {
      if (b.parameters.has(key)) continue;
      this.add(s, `parameter ${key}`, pa.required ? 'required parameter added' : 'optional parameter added', pa.required ? 'breaking' : 'non-breaking');
    }
  }

  private requestBody(s: string, b: JsonObject, a: JsonObject, hadBody: boolean, hasBody: boolean) {
    const at = 'request body';
    if (!hadBody && !hasBody) return;
    if (!hasBody) return this.add(s, at, 'request body removed (no longer accepted)', 'breaking');
    if (!hadBody) return this.add(s, at, a.required ? 'required request body added' : 'optional request body added', a.required ? 'breaking' : 'non-breaking');
    if (!b.required && a.required) this.add(s, at, 'optional → required', 'breaking');
    if (b.required && !a.required) this.add(s, at, 'required → optional', 'non-breaking');
    this.content(s, at, obj(b.content), obj(a.content), 'request');
  }

  /**
   * Compares media types. A change several media types share (one schema for JSON and form bodies)
   * is reported once; one that only a later media type has names it.
   */
  private content(s: string, at: string, b: JsonObject, a: JsonObject, direction: Direction) {
    const reported = new Set<string>();
    let first = true;
    for (const type of Object.keys(b)) {
      if (!(type in a)) {
        this.add(s, at, `media type removed: ${type}`, 'breaking');
        continue;
      }
      for (const f of diffSchemas(obj(b[type]).schema, obj(a[type]).schema, direction, { refNames: this.refNames })) {
        const key = `${f.location}|${f.message}|${f.severity}`;
        if (reported.has(key)) continue;
        reported.add(key);
        this.add(s, `${first ? at : `${at} (${type})`}${f.location ? ` ${f.location}` : ''}`, f.message, f.severity);
      }
      first = false;
    }
    for (const type of Object.keys(a)) {
      if (!(type in b)) this.add(s, at, `media type added: ${type}`, 'non-breaking');
    }
  }

  private responses(s: string, b: JsonObject, a: JsonObject) {
    const success = (status: string) => /^2/.test(status);
    for (const status of Object.keys(b)) {
      const at = `response ${status}`;
      if (!(status in a)) {
        this.add(
          s,
          at,
          success(status) ? 'response removed' : 'response no longer declared (the server answers one status fewer)',
          success(status) ? 'breaking' : 'non-breaking',
        );
        continue;
      }
      const rb = obj(b[status]);
      const ra = obj(a[status]);
      this.content(s, at, obj(rb.content), obj(ra.content), 'response');
      this.headers(s, at, obj(rb.headers), obj(ra.headers));
    }
    for (const status of Object.keys(a)) {
      if (status in b) continue;
      const at = `response ${status}`;
      if (success(status)) this.add(s, at, 'success response added (a shape clients do not know)', 'breaking');
      else this.add(s, at, 'error response added (Compatibility: clients show the envelope message)', 'non-breaking');
    }
  }

  private headers(s: string, at: string, b: JsonObject, a: JsonObject) {
    const lower = (h: JsonObject) => new Map(Object.entries(h).map(([k, v]) => [k.toLowerCase(), obj(v)]));
    const hb = lower(b);
    const ha = lower(a);
    for (const [name, xb] of hb) {
      const xa = ha.get(name);
      const where = `${at} header ${name}`;
      if (!xa) {
        this.add(s, where, 'response header removed', 'breaking');
        continue;
      }
      if (xb.required && !xa.required) this.add(s, where, 'required → optional (clients may no longer receive it)', 'breaking');
      if (!xb.required && xa.required) this.add(s, where, 'optional → required', 'non-breaking');
      this.schema(s, where, xb.schema, xa.schema, 'response');
    }
    for (const name of ha.keys()) if (!hb.has(name)) this.add(s, `${at} header ${name}`, 'response header added', 'non-breaking');
  }

  private errorCodes(s: string, before: Json | undefined, after: Json | undefined) {
    const read = (list: Json | undefined) =>
      new Map(
        (Array.isArray(list) ? list : [])
          .filter(isObject)
          .map((e) => [String(e.code), { status: String(e.status ?? 200), type: String(e.type ?? 'error') }] as const),
      );
    const cb = read(before);
    const ca = read(after);
    for (const [code, eb] of cb) {
      const ea = ca.get(code);
      if (!ea) this.add(s, 'x-error-codes', `error code removed: ${code}`, 'breaking');
      else if (eb.status !== ea.status || eb.type !== ea.type) {
        this.add(
          s,
          'x-error-codes',
          `error code ${code} answered differently: HTTP ${eb.status} type ${eb.type} → HTTP ${ea.status} type ${ea.type}`,
          'breaking',
        );
      }
    }
    for (const code of ca.keys()) {
      if (!cb.has(code))
        this.add(s, 'x-error-codes', `error code added: ${code} (Compatibility: clients show message for a code they do not know)`, 'non-breaking');
    }
    const order = (m: Map<string, unknown>, other: Map<string, unknown>) => [...m.keys()].filter((k) => other.has(k)).join(',');
    if (order(cb, ca) !== order(ca, cb))
      this.add(s, 'x-error-codes', 'check order (precedence) changed (review: a request failing two checks gets another code)', 'non-breaking');
  }
}

/** Compares two OpenAPI documents whose `$ref`s are inlined. */
export function diffOpenApi(before: JsonObject, after: JsonObject, doc: DocName, refNames?: WeakMap<object, string>): Finding[] {
  const d = new OperationDiffer(doc, refNames);
  const ob = operations(before);
  const oa = operations(after);
  const byRoute = new Map([...oa.values()].map((o) => [`${o.method} ${o.path}`, o]));
  const matched = new Set<string>();
  for (const b of ob.values()) {
    let a = oa.get(b.key);
    if (!a || matched.has(a.key)) {
      const sameRoute = byRoute.get(`${b.method} ${b.path}`);
      if (sameRoute && !ob.has(sameRoute.key)) {
        a = sameRoute;
        d.add(b.key, '', `operationId renamed: ${b.key} → ${a.key} (the generated client and the mock's fault matching use it)`, 'breaking');
      } else {
        d.add(b.key, '', `operation removed (${b.method.toUpperCase()} ${b.path})`, 'breaking');
        continue;
      }
    }
    matched.add(a.key);
    d.operation(b, a);
  }
  for (const a of oa.values()) {
    if (!matched.has(a.key)) d.add(a.key, '', `operation added (${a.method.toUpperCase()} ${a.path})`, 'non-breaking');
  }

  const serverUrls = (x: JsonObject) => (Array.isArray(x.servers) ? x.servers.filter(isObject).map((s) => String(s.url)) : ['/']);
  const sb = serverUrls(before);
  const sa = serverUrls(after);
  for (const url of sb) if (!sa.includes(url)) d.add('document', 'servers', `server URL removed: ${url}`, 'breaking');
  for (const url of sa) if (!sb.includes(url)) d.add('document', 'servers', `server URL added: ${url}`, 'non-breaking');

  const schemes = (x: JsonObject) => obj(obj(x.components).securitySchemes);
  const kb = schemes(before);
  const ka = schemes(after);
  const essence = (s: Json) => {
    const o = obj(s);
    return canonical({ type: o.type ?? null, in: o.in ?? null, name: o.name ?? null, scheme: o.scheme ?? null, bearerFormat: o.bearerFormat ?? null });
  };
  for (const name of Object.keys(kb)) {
    if (!(name in ka)) d.add('document', `security scheme ${name}`, 'security scheme removed', 'breaking');
    else if (essence(kb[name]) !== essence(ka[name]))
      d.add('document', `security scheme ${name}`, `changed: ${essence(kb[name])} → ${essence(ka[name])}`, 'breaking');
  }
  for (const name of Object.keys(ka)) if (!(name in kb)) d.add('document', `security scheme ${name}`, 'security scheme added', 'non-breaking');
  return d.out;
}
