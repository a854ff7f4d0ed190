/**
 * Scenario files (mock-server/scenarios/<name>.yaml) and the contract facts the QA control API needs
 * at run time: files are read here (Node), validated against the control contract's ScenarioFile
 * (contracts/mock-control/qa.yaml, read from its bundle), and handed parsed to scenario-file.ts,
 * which applies them through the domain.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { CONTROL, OPENAPI } from '../../../codegen/generators/paths.ts';
import { BUILT_IN_SCENARIOS, isBuiltInScenario, type BuiltInScenario } from '../domain/kernel/area.ts';
import type { ScenarioFile } from './scenario-file.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');
/** Where scenario files live. */
export const SCENARIO_DIR = join(repoRoot, 'mock-server', 'scenarios');
/** The contracts as bundled (codegen/bundle.ts): one self-contained document each. */
const CONTROL_CONTRACT = CONTROL;
const API_CONTRACT = OPENAPI;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const BUILT_IN_DESCRIPTIONS: Record<BuiltInScenario, string> = {
  default: 'The demo account demo@example.com / Demo1234 with balances, P2P merchants and a referral team.',
  empty: 'No users at all.',
  'instant-review': '`default` with identity, payment-method and loan reviews decided at once.',
  earning: '`default` with the demo holding one earn position of each kind in progress.',
};

/** A scenario file that cannot be loaded: the message names the file and the JSON pointer. */
export class ScenarioFileError extends Error {}

let validator: ValidateFunction | undefined;
/** The contract's ScenarioFile schema, compiled once (its $refs resolved within the bundled mock-control.yaml). */
function validateFile(): ValidateFunction {
  if (!validator) {
    const doc = parse(readFileSync(CONTROL_CONTRACT, 'utf8')) as { components: unknown };
    const ajv = new Ajv2020({ strict: false, allErrors: false, useDefaults: false });
    ajv.addSchema({ $id: 'mock-control.yaml', components: doc.components });
    validator = ajv.compile({ $ref: 'mock-control.yaml#/components/schemas/ScenarioFile' });
  }
  return validator;
}

let contractVersion: string | undefined;
/** `info.version` of contracts/openapi.yaml (a snapshot carries it). */
export function apiContractVersion(): string {
  if (contractVersion === undefined) {
    const head = readFileSync(API_CONTRACT, 'utf8').slice(0, 4000);
    const m = /^info:\n(?:[ \t].*\n)*?[ \t]+version:[ \t]*['"]?([^'"\s]+)/m.exec(head);
    if (!m) throw new Error('contracts/openapi.yaml has no info.version');
    contractVersion = m[1];
  }
  return contractVersion;
}

/** Checks a parsed scenario file against the contract; throws naming `where` and the JSON pointer. */
export function checkScenarioFile(value: unknown, where: string): ScenarioFile {
  const validate = validateFile();
  if (!validate(value)) {
    const e = validate.errors?.[0];
    const extra =
      e?.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})`
        : e?.keyword === 'enum'
          ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
          : '';
    throw new ScenarioFileError(`${where}: ${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}${extra}`);
  }
  return value as ScenarioFile;
}

function fileOf(name: string, dir: string): string {
  return join(dir, `${name}.yaml`);
}

/** Reads, parses and checks the scenario file `name`; throws a ScenarioFileError saying why not. */
export function loadScenarioFile(name: string, dir = SCENARIO_DIR): ScenarioFile {
  const path = fileOf(name, dir);
  const shown = relative(repoRoot, path) || path;
  if (!NAME.test(name) || !existsSync(path)) {
    throw new ScenarioFileError(`Unknown scenario "${name}": not built in (${BUILT_IN_SCENARIOS.join(', ')}) and no file ${shown}`);
  }
  let value: unknown;
  try {
    value = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ScenarioFileError(`${shown}: not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  return checkScenarioFile(value, shown);
}

/** What a reset with `scenario` gets: a built-in name as is, a file's name with its parsed file. */
export function resolveScenario(name: string | undefined, dir = SCENARIO_DIR): { scenario?: string; scenarioFile?: ScenarioFile } {
  if (name === undefined || isBuiltInScenario(name)) return { scenario: name };
  return { scenario: name, scenarioFile: loadScenarioFile(name, dir) };
}

export interface ScenarioInfo {
  name: string;
  description: string;
  source: 'builtin' | 'file';
  error?: string;
}

/** Every scenario a reset can name: the built-in ones, then the files by name (a broken file with its error). */
export function listScenarios(dir = SCENARIO_DIR): ScenarioInfo[] {
  const out: ScenarioInfo[] = BUILT_IN_SCENARIOS.map((name) => ({ name, description: BUILT_IN_DESCRIPTIONS[name], source: 'builtin' as const }));
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.slice(0, -'.yaml'.length))
        .filter((n) => NAME.test(n) && !isBuiltInScenario(n))
        .sort()
    : [];
  for (const name of names) {
    try {
      out.push({ name, description: loadScenarioFile(name, dir).description, source: 'file' });
    } catch (e) {
      out.push({ name, description: '', source: 'file', error: (e as Error).message });
    }
  }
  return out;
}
