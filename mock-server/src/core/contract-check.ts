/**
 * Checks an API answer against the contract: an HTTP 200 answer must match the operation's 200
 * response schema (the whole envelope, `ok` or not); any other status must carry the ErrorEnvelope;
 * and an error answer must be one the operation declares (the error catalogue: its code with that
 * HTTP status and envelope type), unless it was injected through the control API.
 * Shared by the unit-test client (core/test-client.ts) and the e2e client (e2e/fixtures/api.ts).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
export { INJECTED_HEADER } from './injected.ts';
import { errorCatalogue } from '../../../contracts/generated/error-catalogue.ts';
import { operationSchemas } from '../../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<OperationId, ValidateFunction>();

function responseValidator(id: OperationId): ValidateFunction {
  let validate = validators.get(id);
  if (!validate) {
    const schema = operationSchemas[id].response;
    if (!schema) throw new Error(`contracts/generated/operation-schemas.ts has no 200 response schema for ${id}`);
    validators.set(id, (validate = ajv.compile(schema)));
  }
  return validate;
}

/** The contract's ErrorEnvelope: the non-ok branch that every operation's 200 response shares. */
const errorEnvelope: ValidateFunction = (() => {
  const branches = (operationSchemas.getSettings.response as { oneOf?: Array<{ properties?: { type?: { enum?: unknown } } }> }).oneOf ?? [];
  const schema = branches.find((b) => Array.isArray(b.properties?.type?.enum));
  if (!schema) throw new Error('cannot find the ErrorEnvelope branch in the getSettings response schema');
  return ajv.compile(schema);
})();

/** Throws (failing the test) when `body` does not match the contract. */
export function checkAnswer(id: OperationId, status: number, body: unknown, injected = false): void {
  const validate = status === 200 ? responseValidator(id) : errorEnvelope;
  if (!validate(body)) {
    const what = status === 200 ? `the 200 response schema of ${id}` : `the ErrorEnvelope (HTTP ${status})`;
    throw new Error(
      `Contract violation: ${operationTable[id].method.toUpperCase()} /api${operationTable[id].path} (${id}) answered a body that breaks ${what}:\n` +
        `${ajv.errorsText(validate.errors, { separator: '\n' })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  const { type, code } = body as { type: string; code?: string };
  if (type === 'ok' || injected) return;
  const declared = errorCatalogue[id];
  if (declared.some((e) => e.code === code && e.status === status && e.type === type)) return;
  throw new Error(
    `Contract violation: ${id} answered code ${code} (HTTP ${status}, type ${type}), which its error catalogue does not declare. ` +
      `Declared: ${declared.map((e) => `${e.code} (${e.status}/${e.type})`).join(', ')}`,
  );
}
