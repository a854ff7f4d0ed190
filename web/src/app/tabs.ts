/**
 * The tab bar's five tabs: read by the shell (Shell.tsx) and, for the static shell painted before
 * the app's code runs, by the build (web/build/staticShell.ts). Plain data, no React.
 */
// With its extension: the build's plugins import this file through Node (web/build/staticShell.ts).
import { paths, type AppPath } from '../lib/paths.ts';
import type { ShellIcon } from '../ui/shellIconShapes.ts';

export type TabKey = 'home' | 'market' | 'trade' | 'lever' | 'assets';

export const TABS: Array<{ key: TabKey; path: AppPath; title: `tabs.${TabKey}`; icon: ShellIcon }> = [
  { key: 'home', path: paths.home.home, title: 'tabs.home', icon: 'home' },
  { key: 'market', path: paths.market.market, title: 'tabs.market', icon: 'market' },
  { key: 'trade', path: paths.trade.trade, title: 'tabs.trade', icon: 'trade' },
  { key: 'lever', path: paths.lever.lever, title: 'tabs.lever', icon: 'lever' },
  { key: 'assets', path: paths.assets.assets, title: 'tabs.assets', icon: 'wallet' },
];
