/** The msw wiring: one handler per contract operation, all resolved by one function. */
import { HEADER } from '../lib.ts';
import type { OperationEntry } from './operations.ts';

export function mswWiringModule(rows: OperationEntry[]): string {
  const lines = rows.map((r) => `    http.${r.method}(\`\${baseUrl}${r.path.replace(/\{(\w+)\}/g, ':$1')}\`, (info) => resolve('${r.operationId}', info)),`);
  return `${HEADER('contracts/openapi.yaml')}
import { http, type HttpResponseResolver } from 'msw';
import type { OperationId } from './operations';

/** One msw handler per contract operation; \`resolve\` does the work for all of them. */
export function createOperationHandlers(
  baseUrl: string,
  resolve: (operationId: OperationId, info: Parameters<HttpResponseResolver>[0]) => ReturnType<HttpResponseResolver>,
) {
  return [
${lines.join('\n')}
  ];
}
`;
}
