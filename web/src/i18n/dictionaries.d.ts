/** The split dictionaries of web/build/dictionaries.ts. */
declare module 'virtual:dictionaries' {
  type Part = () => Promise<{ default: Record<string, unknown> }>;
  export const dictionaries: Record<string, { core: Part; rest: Part }>;
}
