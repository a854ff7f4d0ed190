/**
 * Checks an API answer against the contract: an HTTP 200 answer must match the operation's 200
 * response schema (the whole envelope, `ok` or not); any other status must carry the ErrorEnvelope;
 * and an error answer must be one the operation declares (the error catalogue: its code with that
 * HTTP status and envelope type), unless it was injected through the control API.
 * Shared by the unit-test client (core/test-client.ts), the e2e client (e2e/fixtures/api.ts) and the
 * conformance runner (kit/conformance), which reports the structured problems of `answerProblems`.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
export { INJECTED_HEADER } from './injected.ts';
import { errorCatalogue } from '../../../contracts/generated/error-catalogue.ts';
import { operationSchemas } from '../../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
// The contract's `format`s (uri) are checked too: a server answering a website that is no URL breaks it.
addFormats(ajv);
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
const errorEnvelopeSchema = (() => {
  const branches = (operationSchemas.getSettings.response as { oneOf?: Array<{ properties?: { type?: { enum?: unknown } } }> }).oneOf ?? [];
  const schema = branches.find((b) => Array.isArray(b.properties?.type?.enum));
  if (!schema) throw new Error('cannot find the ErrorEnvelope branch in the getSettings response schema');
  return schema;
})();
const errorEnvelope: ValidateFunction = ajv.compile(errorEnvelopeSchema);

/** One way an answer breaks the contract. */
export interface AnswerProblem {
  /** `schema`: the body breaks the schema; `undeclared`: an error code the operation does not declare; `scale`: a Decimal without its field's `x-scale` (kit/conformance/scale.ts). */
  kind: 'schema' | 'undeclared' | 'scale' | 'order';
  /** JSON pointer into the body (`/message/0/price`), '' for the whole body. */
  pointer: string;
  message: string;
  /** The schema that was broken (the sub-schema at the failing keyword, as written in the contract). */
  expected?: unknown;
}

/** The sub-schema an ajv error's `schemaPath` (`#/oneOf/0/properties/x/type`) points at, minus its last keyword. */
function schemaAt(root: unknown, schemaPath: string): unknown {
  const parts = schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = root;
  for (const part of parts.slice(0, -1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

const describe = (e: ErrorObject) => {
  const params = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return `${e.message ?? e.keyword}${params}`;
};

/** Every way `body` (answered with `status`) breaks the contract of operation `id`; empty when it holds. */
export function answerProblems(id: OperationId, status: number, body: unknown, injected = false): AnswerProblem[] {
  const validate = status === 200 ? responseValidator(id) : errorEnvelope;
  if (!validate(body)) {
    const root = status === 200 ? operationSchemas[id].response : errorEnvelopeSchema;
    const errors = validate.errors ?? [];
    // A oneOf failure lists every branch's errors: the deepest ones name the actual fault.
    const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
    const shown = errors.filter((e) => e.keyword !== 'oneOf' && e.instancePath.split('/').length === deepest);
    return (shown.length ? shown : errors).map((e) => ({
      kind: 'schema',
      pointer: e.instancePath,
      message: describe(e),
      expected: schemaAt(root, e.schemaPath),
    }));
  }
  const { type, code } = body as { type: string; code?: string };
  if (type === 'ok' || injected) return [];
  const declared = errorCatalogue[id];
  if (declared.some((e) => e.code === code && e.status === status && e.type === type)) return [];
  return [
    {
      kind: 'undeclared',
      pointer: '/code',
      message: `code ${code} (HTTP ${status}, type ${type}) is not in the operation's error catalogue`,
      expected: declared.map((e) => `${e.code} (${e.status}/${e.type})`),
    },
  ];
}

/** Throws (failing the test) when `body` does not match the contract. */
export function checkAnswer(id: OperationId, status: number, body: unknown, injected = false): void {
  const problems = answerProblems(id, status, body, injected);
  if (!problems.length) return;
  if (problems[0].kind === 'undeclared') {
    throw new Error(
      `Contract violation: ${id} answered code ${(body as { code?: string }).code} (HTTP ${status}, type ${(body as { type: string }).type}), which its error catalogue does not declare. ` +
        `Declared: ${(problems[0].expected as string[]).join(', ')}`,
    );
  }
  const what = status === 200 ? `the 200 response schema of ${id}` : `the ErrorEnvelope (HTTP ${status})`;
  throw new Error(
    `Contract violation: ${operationTable[id].method.toUpperCase()} /api${operationTable[id].path} (${id}) answered a body that breaks ${what}:\n` +
      `${problems.map((p) => `${p.pointer || 'body'} ${p.message}`).join('\n')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
  );
}
