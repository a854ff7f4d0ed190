/** Every string enum of the contract as a constant array (enums.ts). */
import { HEADER, loadYaml, type JsonObject } from '../lib.ts';
import { OPENAPI } from './paths.ts';

/** Every string enum of the API's components as a constant array, so no client or domain code copies one. */
export function enumsModule(): string {
  const schemas = (loadYaml(OPENAPI).components as JsonObject).schemas as JsonObject;
  const lines = Object.entries(schemas)
    .filter(([, schema]) => Array.isArray((schema as JsonObject).enum))
    .map(
      ([name, schema]) =>
        `export const ${name.charAt(0).toLowerCase()}${name.slice(1)}Values = ${JSON.stringify((schema as JsonObject).enum)} as const satisfies ReadonlyArray<components['schemas']['${name}']>;`,
    );
  return `${HEADER('contracts/openapi.yaml')}
// The values of every enum of the contract, in the contract's order.
import type { components } from './openapi';

${lines.join('\n')}
`;
}
