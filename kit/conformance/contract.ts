/** The operations of openapi.yaml as written (tags, responses, links, `x-` rules), by operationId, read once. */
import { loadYaml, type JsonObject } from '../../codegen/lib.ts';
import { OPENAPI } from '../../codegen/generators/paths.ts';

export const contractOperations: Array<[string, JsonObject]> = Object.values(loadYaml(OPENAPI).paths as JsonObject).flatMap((item) =>
  (Object.values(item as JsonObject) as JsonObject[])
    .filter((o) => typeof o?.operationId === 'string')
    .map((o) => [o.operationId as string, o] as [string, JsonObject]),
);
