/** The split dictionaries of web/build/dictionaries.ts. */
declare module 'virtual:dictionaries' {
  /** The parts of coreGroups.ts: core, one per tab page but home, the rest. */
  export type DictionaryPart = 'core' | keyof typeof import('./coreGroups').TAB_PARTS | 'rest';
  /** One part of a locale's dictionary (a product locale: `en`, `de`, `jp`, …). */
  export function loadDictionary(locale: string, part: DictionaryPart): Promise<Record<string, unknown>>;
}
