/** Where the contracts are. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const contracts = join(root, 'contracts');
export const OPENAPI = join(contracts, 'openapi.yaml');
export const CONTROL = join(contracts, 'mock-control.yaml');
export const ASYNCAPI = join(contracts, 'asyncapi.yaml');
