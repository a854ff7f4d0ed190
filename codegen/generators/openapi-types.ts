/** TypeScript types of an OpenAPI document (openapi-typescript). */
import openapiTS, { astToString } from 'openapi-typescript';
import { HEADER } from '../lib.ts';

export async function openapiTypes(file: string, source: string): Promise<string> {
  const ast = await openapiTS(new URL(`file://${file}`), { alphabetize: false, defaultNonNullable: false, arrayLength: true });
  return `${HEADER(source)}${astToString(ast)}`;
}
