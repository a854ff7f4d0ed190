/**
 * The kit's list-order check: an operation with `x-order` (see Formats in openapi.yaml) answers
 * its list sorted on `by`, `desc` (newest first) or `asc`; equal values may come in any order.
 */
import type { AnswerProblem } from '../../mock-server/src/core/contract-check.ts';
import { contractOperations } from './contract.ts';
import type { Exchange } from './http.ts';

interface Order {
  at: string;
  by: string;
  direction: 'asc' | 'desc';
}

/** Each operation's `x-order`, from the contract. */
export const orderOf: Record<string, Order> = Object.fromEntries(
  contractOperations.filter(([, o]) => o['x-order']).map(([id, o]) => [id, o['x-order'] as unknown as Order]),
);

/** The value at a JSON pointer (`/message/items`). */
const at = (body: unknown, pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), body);

/** The first pair of neighbours out of the operation's order, as a problem. */
export function orderProblems(id: string, ex: Exchange): AnswerProblem[] {
  const order = orderOf[id];
  if (!order || (ex.body as { type?: string } | undefined)?.type !== 'ok') return [];
  const list = at(ex.body, order.at);
  if (!Array.isArray(list)) return [];
  const sign = order.direction === 'desc' ? -1 : 1;
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]?.[order.by], list[i]?.[order.by]];
    if (typeof a !== 'number' || typeof b !== 'number' || Math.sign(b - a) !== -sign) continue;
    return [
      {
        kind: 'order',
        pointer: `${order.at}/${i}/${order.by}`,
        message: `the list is not ${order.direction === 'desc' ? 'newest' : 'oldest'} first by ${order.by}: item ${i} has ${b} after ${a}`,
        expected: { 'x-order': order },
      },
    ];
  }
  return [];
}
