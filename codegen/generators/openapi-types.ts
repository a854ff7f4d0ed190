/** TypeScript types of an OpenAPI document (openapi-typescript). */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { HEADER, loadYaml } from '../lib.ts';

/** `file`: a bundled document (one file, no reference to another). */
export async function openapiTypes(file: string, source: string): Promise<string> {
  const doc = structuredClone(loadYaml(file)) as unknown as OpenAPI3;
  const ast = await openapiTS(doc, { alphabetize: false, defaultNonNullable: false, arrayLength: true });
  return `${HEADER(source)}${astToString(ast)}`;
}
