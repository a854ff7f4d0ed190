/**
 * Query keys derived from the operation and its input (as openapi-react-query does): every cache
 * entry of an operation starts with its id, so `queryKey('listOrders')` invalidates all of its
 * pages and filters, and no two features can pick the same hand-written key for different data.
 */
import type { OperationId, OpQuery } from '../../../contracts/generated/operations';

export function queryKey<K extends OperationId>(operationId: K, query?: Partial<OpQuery<K>>): readonly [K] | readonly [K, Partial<OpQuery<K>>] {
  return query === undefined ? [operationId] : [operationId, query];
}
