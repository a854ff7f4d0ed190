/** The split dictionaries of web/build/dictionaries.ts. */
declare module 'virtual:dictionaries' {
  /** The parts of coreGroups.ts: core, one per tab page but home, the rest. */
  export type DictionaryPart = 'core' | keyof typeof import('./coreGroups').TAB_PARTS | 'rest';
  type Load = () => Promise<{ default: Record<string, unknown> }>;
  export const dictionaries: Record<string, Record<DictionaryPart, Load>>;
}
