import * as A from '@automerge/automerge';
import { jsonEqual } from '../jsonEqual';

/** A plain JSON value as games keep their state. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Container = Record<string, unknown> | unknown[];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !A.isImmutableString(v);

// Automerge keeps the identity of every object a change did not touch (it copies the changed path), so each
// materialised object is converted once: turning a large snapshot plain costs only what the last change touched.
const plainOf = new WeakMap<object, Json>();

/**
 * Turns a materialised Automerge value (immutable strings, counters, lists) into plain JSON. The result may be shared
 * with earlier calls: never mutate it.
 */
export function toPlain(value: unknown): Json {
  if (A.isImmutableString(value)) return value.val;
  if (value instanceof A.Counter) return value.value;
  if (typeof value !== 'object' || value === null) return value as Json;
  const known = plainOf.get(value);
  if (known !== undefined) return known;
  let plain: Json;
  if (Array.isArray(value)) plain = value.map(toPlain);
  else {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toPlain(v);
    plain = out;
  }
  plainOf.set(value, plain);
  return plain;
}

// Strings go in as immutable strings: one op per write instead of one per character of collaborative text.
function toWritable(value: unknown): unknown {
  if (typeof value === 'string') return new A.ImmutableString(value);
  if (Array.isArray(value)) return value.map(toWritable);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toWritable(v);
    return out;
  }
  return value;
}

function set(parent: Container, key: string | number, value: unknown): void {
  (parent as Record<string | number, unknown>)[key] = toWritable(value);
}

function patchList(list: unknown[], prev: unknown[], next: unknown[]): void {
  const shorter = Math.min(prev.length, next.length);
  let head = 0;
  while (head < shorter && jsonEqual(prev[head], next[head])) head++;
  let tail = 0;
  while (tail < shorter - head && jsonEqual(prev[prev.length - 1 - tail], next[next.length - 1 - tail]))
    tail++;
  const prevMiddle = prev.length - head - tail;
  const nextMiddle = next.length - head - tail;
  const overlap = Math.min(prevMiddle, nextMiddle);
  for (let i = head; i < head + overlap; i++) patchInto(list, i, next[i], prev[i]);
  if (prevMiddle > overlap) list.splice(head + overlap, prevMiddle - overlap);
  if (nextMiddle > overlap)
    list.splice(head + overlap, 0, ...next.slice(head + overlap, head + nextMiddle).map(toWritable));
}

/**
 * Inside a change callback, makes parent[key] equal to next, given prev = its current plain value,
 * writing only what differs: map keys one by one, lists by index with the fewest inserts and deletes.
 */
export function patchInto(parent: Container, key: string | number, next: unknown, prev: unknown): void {
  if (jsonEqual(prev, next)) return;
  const current = (parent as Record<string | number, unknown>)[key];
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (Array.isArray(next) && Array.isArray(prev) && Array.isArray(current)) {
    patchList(current, prev, next);
  } else if (isObject(next) && isObject(prev) && isObject(current)) {
    for (const k of Object.keys(prev)) if (!(k in next)) delete current[k];
    for (const [k, v] of Object.entries(next)) if (v !== undefined) patchInto(current, k, v, prev[k]);
  } else {
    set(parent, key, next);
  }
}
