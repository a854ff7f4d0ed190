/**
 * The schema differ's comparisons of a schema's structure (the rules are in schema-diff.ts's
 * header): object properties and `additionalProperties`, array items, `oneOf`/`anyOf` alternatives,
 * `allOf` members and `if`/`then`/`else`/`not`; each recurses into the subschemas through `d.compare`.
 */
import type { DiffContext } from './schema-diff-context.ts';
import { canonical, fmt, isEnumLike } from './schema-read.ts';
import { isObject, type Json, type JsonObject } from './resolve.ts';

const escape = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function describeConstraint(s: Json): string {
  if (!isObject(s)) return '';
  if (s.if !== undefined) return `: if ${canonical(s.if)} then ${canonical(s.then)}`;
  return '';
}

export function diffObjects(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  const pb = isObject(b.properties) ? b.properties : {};
  const pa = isObject(a.properties) ? a.properties : {};
  const rb = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
  const ra = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
  const request = d.direction === 'request';
  for (const name of Object.keys(pb)) {
    const at = `${loc}/properties/${escape(name)}`;
    if (!(name in pa)) {
      d.add(
        at,
        request ? 'property removed (no longer accepted)' : 'property removed (Compatibility: a response field is never removed or renamed)',
        'breaking',
      );
      continue;
    }
    d.compare(pb[name], pa[name], at);
  }
  for (const name of Object.keys(pa)) {
    if (name in pb) continue;
    const at = `${loc}/properties/${escape(name)}`;
    if (!request) d.add(at, 'property added (clients ignore fields they do not know)', 'non-breaking');
    else if (ra.has(name)) d.add(at, 'required property added', 'breaking');
    else d.add(at, 'optional property added', 'non-breaking');
  }
  for (const name of new Set([...rb, ...ra])) {
    const newProperty = name in pa && !(name in pb);
    const removedProperty = name in pb && !(name in pa);
    if (newProperty || removedProperty || rb.has(name) === ra.has(name)) continue;
    const at = `${loc}/properties/${escape(name)}`;
    if (ra.has(name)) d.narrowed(at, 'optional → required');
    else d.widened(at, request ? 'required → optional' : 'required → optional (clients may no longer receive it)');
  }
  const xb = b.additionalProperties;
  const xa = a.additionalProperties;
  if (xb === xa) return;
  const at = `${loc}/additionalProperties`;
  const closed = (x: Json | undefined) => x === false;
  const open = (x: Json | undefined) => x === undefined || x === true;
  if (!request && (closed(xb) || closed(xa)) && (open(xb) || open(xa))) {
    d.add(
      at,
      `additionalProperties: ${closed(xa) ? 'false added' : 'false removed'} (non-breaking: on responses it describes the version, Compatibility)`,
      'non-breaking',
    );
  } else if (open(xb) && closed(xa)) {
    d.narrowed(at, 'additionalProperties: false added (unknown fields now refused)');
  } else if (closed(xb) && open(xa)) {
    d.widened(at, 'additionalProperties: false removed (unknown fields now accepted)');
  } else if (isObject(xb) && isObject(xa)) {
    d.compare(xb, xa, at);
  } else if (open(xb) || closed(xa)) {
    d.narrowed(at, `additionalProperties narrowed: ${fmt(xb ?? true)} → ${fmt(xa)}`);
  } else {
    d.widened(at, `additionalProperties widened: ${fmt(xb)} → ${fmt(xa ?? true)}`);
  }
}

export function diffArrays(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  if (b.items !== undefined || a.items !== undefined) {
    if (b.items === undefined) d.narrowed(`${loc}/items`, 'items schema added');
    else if (a.items === undefined) d.widened(`${loc}/items`, 'items schema removed');
    else d.compare(b.items, a.items, `${loc}/items`);
  }
  const xb = Array.isArray(b.prefixItems) ? b.prefixItems : [];
  const xa = Array.isArray(a.prefixItems) ? a.prefixItems : [];
  for (let i = 0; i < Math.max(xb.length, xa.length); i++) {
    const at = `${loc}/prefixItems/${i}`;
    if (i >= xa.length) d.widened(at, 'positional item schema removed');
    else if (i >= xb.length) d.narrowed(at, 'positional item schema added');
    else d.compare(xb[i], xa[i], at);
  }
}

function branchKey(d: DiffContext, branch: Json, index: number): string {
  if (!isObject(branch)) return `#${index}`;
  if (isObject(branch.properties)) {
    const consts = Object.entries(branch.properties)
      .filter(([, p]) => isObject(p) && p.const !== undefined)
      .map(([k, p]) => `${k}=${fmt((p as JsonObject).const)}`)
      .sort();
    if (consts.length) return consts.join(',');
  }
  const name = d.refNames?.get(branch);
  if (name) return name;
  if (typeof branch.title === 'string') return branch.title;
  if (isObject(branch.if)) return `if ${canonical(branch.if)}`;
  return `#${index}`;
}

/**
 * Pairs the members of two lists of subschemas: by key (discriminating consts, component name,
 * title, condition), then the members with no key in order.
 */
function pair(d: DiffContext, xb: Json[], xa: Json[]) {
  let kb = xb.map((s, i) => branchKey(d, s, i));
  let ka = xa.map((s, i) => branchKey(d, s, i));
  if (new Set(kb).size !== kb.length || new Set(ka).size !== ka.length) {
    kb = xb.map((_, i) => `#${i}`);
    ka = xa.map((_, i) => `#${i}`);
  }
  const label = (k: string) => (k.startsWith('#') ? k.slice(1) : `[${k.startsWith('if ') ? 'if' : k}]`);
  const common: { label: string; before: Json; after: Json }[] = [];
  const leftB: number[] = [];
  const leftA = ka.map((_, j) => j).filter((j) => ka[j].startsWith('#') || !kb.includes(ka[j]));
  kb.forEach((k, i) => {
    const j = k.startsWith('#') ? -1 : ka.indexOf(k);
    if (j >= 0) common.push({ label: label(k), before: xb[i], after: xa[j] });
    else leftB.push(i);
  });
  const unnamedB = leftB.filter((i) => kb[i].startsWith('#'));
  const unnamedA = leftA.filter((j) => ka[j].startsWith('#'));
  const paired = Math.min(unnamedB.length, unnamedA.length);
  for (let n = 0; n < paired; n++) common.push({ label: String(unnamedB[n]), before: xb[unnamedB[n]], after: xa[unnamedA[n]] });
  const usedB = new Set(unnamedB.slice(0, paired));
  const usedA = new Set(unnamedA.slice(0, paired));
  return {
    common,
    removed: leftB.filter((i) => !usedB.has(i)).map((i) => ({ label: label(kb[i]), schema: xb[i] })),
    added: leftA.filter((j) => !usedA.has(j)).map((j) => ({ label: label(ka[j]), schema: xa[j] })),
  };
}

export function diffAlternatives(d: DiffContext, b: JsonObject, a: JsonObject, loc: string, keyword: 'oneOf' | 'anyOf') {
  const xb = Array.isArray(b[keyword]) ? (b[keyword] as Json[]) : undefined;
  const xa = Array.isArray(a[keyword]) ? (a[keyword] as Json[]) : undefined;
  if (!xb && !xa) return;
  if ((xb && isEnumLike(xb)) || (xa && isEnumLike(xa))) {
    if (xb && xa && isEnumLike(xb) && isEnumLike(xa)) return; // compared as an enum
    if ((xb && !isEnumLike(xb)) || (xa && !isEnumLike(xa)))
      d.add(`${loc}/${keyword}`, `${keyword} changed between a list of values and a list of schemas (not analysed)`, 'breaking');
    return;
  }
  if (!xb) return d.narrowed(`${loc}/${keyword}`, `${keyword} added`);
  if (!xa) return d.widened(`${loc}/${keyword}`, `${keyword} removed`);
  const { common, removed, added } = pair(d, xb, xa);
  for (const r of removed)
    d.narrowed(
      `${loc}/${keyword}${r.label.startsWith('[') ? '' : '/'}${r.label}`,
      `alternative removed${d.direction === 'response' ? ' (the server sends one shape fewer)' : ''}`,
    );
  for (const x of added)
    d.widened(
      `${loc}/${keyword}${x.label.startsWith('[') ? '' : '/'}${x.label}`,
      `alternative added${d.direction === 'response' ? ' (a shape clients do not know)' : ''}`,
    );
  for (const c of common) d.compare(c.before, c.after, `${loc}/${keyword}${c.label.startsWith('[') ? '' : '/'}${c.label}`);
}

export function diffAllOf(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  const xb = Array.isArray(b.allOf) ? b.allOf : [];
  const xa = Array.isArray(a.allOf) ? a.allOf : [];
  if (!xb.length && !xa.length) return;
  const { common, removed, added } = pair(d, xb, xa);
  const at = (label: string) => `${loc}/allOf${label.startsWith('[') ? '' : '/'}${label}`;
  for (const r of removed) d.widened(at(r.label), `constraint removed${describeConstraint(r.schema)}`);
  for (const x of added) d.narrowed(at(x.label), `constraint added${describeConstraint(x.schema)}`);
  for (const c of common) d.compare(c.before, c.after, at(c.label));
}

export function diffConditional(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  if (b.if === undefined && a.if === undefined) {
    if (b.then !== undefined || a.then !== undefined || b.else !== undefined || a.else !== undefined) {
      if (canonical(b.then) !== canonical(a.then) || canonical(b.else) !== canonical(a.else))
        d.add(loc, 'then/else without if changed (not analysed)', 'breaking');
    }
  } else if (b.if === undefined) {
    d.narrowed(loc, `conditional constraint added${describeConstraint(a)}`);
  } else if (a.if === undefined) {
    d.widened(loc, `conditional constraint removed${describeConstraint(b)}`);
  } else if (canonical(b.if) !== canonical(a.if)) {
    d.add(`${loc}/if`, `condition changed: ${canonical(b.if)} → ${canonical(a.if)}`, 'breaking');
  } else {
    for (const key of ['then', 'else'] as const) {
      if (b[key] === undefined && a[key] === undefined) continue;
      if (b[key] === undefined) d.narrowed(`${loc}/${key}`, `${key} added`);
      else if (a[key] === undefined) d.widened(`${loc}/${key}`, `${key} removed`);
      else d.compare(b[key], a[key], `${loc}/${key}`);
    }
  }
  if (b.not !== undefined || a.not !== undefined) {
    if (b.not === undefined) d.narrowed(`${loc}/not`, 'not added');
    else if (a.not === undefined) d.widened(`${loc}/not`, 'not removed');
    else if (canonical(b.not) !== canonical(a.not)) d.add(`${loc}/not`, `not changed: ${canonical(b.not)} → ${canonical(a.not)} (not analysed)`, 'breaking');
  }
}
