/**
 * Validates the three contracts, each twice: as edited (the root and the files it refers to, as
 * each validator resolves them) and as bundled (contracts/generated/bundled/, what every consumer
 * reads): the OpenAPI 3.1 documents with @readme/openapi-parser, the AsyncAPI 3 document with
 * @asyncapi/parser. Then every schema's keys in the sources (codegen/schema-keywords.ts), which
 * neither validator checks. Exit 1 on any error.
 */
import { relative } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { Parser, fromFile } from '@asyncapi/parser';
import { bundledFile, contracts, root, SOURCES, type ContractName } from './generators/paths.ts';
import { strayKeysInSources } from './schema-keywords.ts';

let failed = false;
const files = (name: ContractName) => [SOURCES[name], bundledFile(name)];

for (const file of [...files('openapi'), ...files('mock-control')]) {
  const name = relative(root, file);
  const result = await validate(file);
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
for (const file of files('asyncapi')) {
  const name = relative(root, file);
  const { document, diagnostics } = await fromFile(parser, file).parse();
  const errors = diagnostics.filter((d) => d.severity === 0);
  if (!document || errors.length) {
    failed = true;
    console.error(`FAIL ${name}`);
    for (const d of errors) console.error(`     ${d.path.join('.')}: ${d.message}`);
  } else {
    const ops = document
      .operations()
      .all()
      .map((o) => o.id());
    console.log(`ok   ${name} (AsyncAPI ${document.version()}), operations: ${ops.join(', ')}`);
    for (const d of diagnostics.filter((x) => x.severity === 1)) console.log(`     warning: ${d.path.join('.')}: ${d.message}`);
  }
}
const stray = strayKeysInSources(contracts);
if (stray.length) {
  failed = true;
  console.error(`FAIL ${stray.length} schema keys are neither a JSON Schema 2020-12 / OpenAPI 3.1 keyword nor an x- extension`);
  for (const s of stray) console.error(`     contracts/${s.file}#${s.pointer}`);
} else console.log('ok   every schema key of the sources is a schema keyword or an x- extension');
process.exit(failed ? 1 : 0);
