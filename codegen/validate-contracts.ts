/** Validates the three contracts: OpenAPI 3.1 documents and the AsyncAPI 3 document. Exit 1 on any error. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import { Parser, fromFile } from '@asyncapi/parser';

const contracts = resolve(fileURLToPath(import.meta.url), '../../contracts');
let failed = false;

for (const name of ['openapi.yaml', 'mock-control.yaml']) {
  const result = await validate(join(contracts, name));
  if (result.valid) {
    const warnings = result.warnings ?? [];
    console.log(`ok   ${name} (OpenAPI 3.1)${warnings.length ? `, ${warnings.length} warnings` : ''}`);
    for (const w of warnings) console.log(`     warning: ${w.message}`);
  } else {
    failed = true;
    console.error(`FAIL ${name}`);
    for (const e of result.errors) console.error(`     ${e.message}`);
  }
}

const parser = new Parser();
const file = join(contracts, 'asyncapi.yaml');
const { document, diagnostics } = await fromFile(parser, file).parse();
const errors = diagnostics.filter((d) => d.severity === 0);
if (!document || errors.length) {
  failed = true;
  console.error('FAIL asyncapi.yaml');
  for (const d of errors) console.error(`     ${d.path.join('.')}: ${d.message}`);
} else {
  const ops = document
    .operations()
    .all()
    .map((o) => o.id());
  console.log(`ok   asyncapi.yaml (AsyncAPI ${document.version()}), operations: ${ops.join(', ')}`);
  for (const d of diagnostics.filter((x) => x.severity === 1)) console.log(`     warning: ${d.path.join('.')}: ${d.message}`);
}
process.exit(failed ? 1 : 0);
