/**
 * The shapes of the shell's icons (24 × 24, stroked): drawn by ui/icons.tsx and, before the app's
 * code has run, by the static shell in index.html (web/build/staticShell.ts). Plain data, no React.
 */
export type Shape =
  ['path', { d: string }] | ['rect', { x: number; y: number; width: number; height: number; rx: number }] | ['circle', { cx: number; cy: number; r: number }];

/** The attributes every icon's `<svg>` has (as React props; the static shell writes them as HTML). */
export const ICON_SVG = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const SHELL_ICON_SHAPES = {
  home: [
    ['path', { d: 'M3 10.5 12 3l9 7.5' }],
    ['path', { d: 'M5 9v11h14V9' }],
    ['path', { d: 'M10 20v-6h4v6' }],
  ],
  market: [
    ['path', { d: 'M4 19V5' }],
    ['path', { d: 'M4 19h16' }],
    ['path', { d: 'm7 15 4-4 3 3 5-6' }],
  ],
  trade: [
    ['path', { d: 'M7 4v14' }],
    ['path', { d: 'm4 15 3 3 3-3' }],
    ['path', { d: 'M17 20V6' }],
    ['path', { d: 'm14 9 3-3 3 3' }],
  ],
  lever: [
    ['rect', { x: 4, y: 8, width: 4, height: 8, rx: 1 }],
    ['rect', { x: 10, y: 4, width: 4, height: 16, rx: 1 }],
    ['rect', { x: 16, y: 10, width: 4, height: 6, rx: 1 }],
  ],
  wallet: [
    ['rect', { x: 3, y: 6, width: 18, height: 14, rx: 2 }],
    ['path', { d: 'M16 13h2' }],
    ['path', { d: 'M3 10h18' }],
    ['path', { d: 'M6 6V4h12v2' }],
  ],
  back: [['path', { d: 'm15 5-7 7 7 7' }]],
  sun: [
    ['circle', { cx: 12, cy: 12, r: 4 }],
    ['path', { d: 'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4' }],
  ],
  moon: [['path', { d: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z' }]],
} satisfies Record<string, Shape[]>;

export type ShellIcon = keyof typeof SHELL_ICON_SHAPES;
