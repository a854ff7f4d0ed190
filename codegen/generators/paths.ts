/** Where the contracts are: their sources, and the bundles everything else reads. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const contracts = join(root, 'contracts');

export type ContractName = 'openapi' | 'asyncapi' | 'mock-control';
export const CONTRACT_NAMES: ContractName[] = ['openapi', 'asyncapi', 'mock-control'];

/**
 * The roots of the sources, as edited: each refers to the files of its folder (contracts/openapi/…,
 * asyncapi/…, mock-control/…). Redocly's lint and the validators read these.
 */
export const SOURCES: Record<ContractName, string> = {
  openapi: join(contracts, 'openapi.yaml'),
  asyncapi: join(contracts, 'asyncapi.yaml'),
  'mock-control': join(contracts, 'mock-control.yaml'),
};

/** The bundles (codegen/bundle.ts): one self-contained document per contract, written by `npm run codegen`. */
export const BUNDLED = join(contracts, 'generated', 'bundled');
export const bundledFile = (name: ContractName) => join(BUNDLED, `${name}.yaml`);
/** What every consumer reads: the bundled documents. */
export const OPENAPI = bundledFile('openapi');
export const CONTROL = bundledFile('mock-control');
export const ASYNCAPI = bundledFile('asyncapi');
