/**
 * Regenerates everything downstream of the contracts into contracts/generated/: first the bundles
 * (bundled/<name>.yaml, codegen/bundle.ts: each contract as one self-contained document), then one
 * module per generator in codegen/generators/, made from those bundles.
 *   npm run codegen              write the files
 *   npm run codegen -- --check   write nothing; exit 1 naming every stale, missing or orphaned file
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { enumsModule } from './generators/enums.ts';
import { bundleContract } from './bundle.ts';
import { errorCatalogue, errorCatalogueModule } from './generators/errors.ts';
import { mswWiringModule } from './generators/msw.ts';
import { openapiTypes } from './generators/openapi-types.ts';
import { operationTable, tableModules } from './generators/operations.ts';
import { bundledFile, CONTRACT_NAMES, CONTROL, contracts, OPENAPI, root } from './generators/paths.ts';
import { socketEvents, socketModule } from './generators/socket.ts';
import { socketClientValidatorsModules, socketClientValidatorsTypes, socketValidatorsModule, socketValidatorsTypes } from './generators/socket-validators.ts';
import { provideYaml } from './lib.ts';

const outDir = join(contracts, 'generated');

async function main() {
  const check = process.argv.includes('--check');
  const bundles = await Promise.all(CONTRACT_NAMES.map(bundleContract));
  for (const b of bundles) provideYaml(bundledFile(b.name), b.doc);
  const api = operationTable(OPENAPI, true);
  const control = operationTable(CONTROL, false);
  const events = socketEvents();
  const apiModules = tableModules(api, 'contracts/openapi.yaml', 'openapi', 'operation');
  const controlModules = tableModules(control, 'contracts/mock-control.yaml', 'mock-control', 'control');
  const outputs: Record<string, string> = {
    ...Object.fromEntries(bundles.map((b) => [relative(outDir, bundledFile(b.name)), b.text])),
    'openapi.ts': await openapiTypes(OPENAPI, 'contracts/openapi.yaml'),
    'mock-control.ts': await openapiTypes(CONTROL, 'contracts/mock-control.yaml'),
    'operations.ts': apiModules.table,
    'operation-schemas.ts': apiModules.schemaModule,
    'control-operations.ts': controlModules.table,
    'control-schemas.ts': controlModules.schemaModule,
    'socket.ts': socketModule(events),
    'socket-validators.js': socketValidatorsModule(events),
    'socket-validators.d.ts': socketValidatorsTypes(events),
    ...socketClientValidatorsModules(events),
    'socket-validators-client.d.ts': socketClientValidatorsTypes(events),
    'msw-wiring.ts': mswWiringModule(api),
    'enums.ts': enumsModule(),
    'error-catalogue.ts': errorCatalogueModule(errorCatalogue(api)),
  };
  const stale: string[] = [];
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of Object.entries(outputs)) {
    const file = join(outDir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === content) continue;
    stale.push(relative(root, file));
    if (check) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  // A file in generated/ that no generator makes any more is stale too (removed when writing).
  for (const name of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (name in outputs || Object.keys(outputs).some((o) => o.startsWith(`${name}/`))) continue;
    stale.push(`${relative(root, join(outDir, name))} (no longer generated)`);
    if (!check) rmSync(join(outDir, name));
  }
  if (check) {
    if (stale.length) {
      console.error(`Generated code is out of date with the contracts (run \`npm run codegen\`):`);
      for (const f of stale) console.error(`  stale: ${f}`);
      process.exit(1);
    }
    console.log(`codegen --check: ${Object.keys(outputs).length} generated files up to date`);
  } else {
    console.log(stale.length ? `codegen wrote: ${stale.join(', ')}` : 'codegen: nothing changed');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
