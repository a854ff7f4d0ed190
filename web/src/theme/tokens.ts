/**
 * The theme's values that are needed before Mantine runs: its font stacks and the dark body colour.
 * Plain data: theme.ts gives them to Mantine (which declares them as CSS variables when it starts),
 * and the build gives them to the static shell painted before that (web/build/staticShell.ts).
 */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';
export const FONT_FAMILY_MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
/** The dark theme's body (dark[7] in theme.ts). */
export const DARK_BACKGROUND = '#102030';
