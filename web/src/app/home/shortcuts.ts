/**
 * Home's shortcuts: where each goes and its label. Plain data: the build reads the labels too (the
 * static shell's home, web/build/staticShell.ts); HomePage gives each its icon.
 */
// With its extension: the build imports this file through Node.
import { paths } from '../../lib/paths.ts';

export const SHORTCUTS = [
  { to: paths.assets.charge, label: 'home.deposit' },
  { to: paths.legal.legal, label: 'home.fiat' },
  { to: paths.market.second, label: 'home.second' },
  { to: paths.ieo.index, label: 'home.ieo' },
  { to: paths.lockming.index, label: 'home.mining' },
  { to: paths.loans.loansindex, label: 'home.loans' },
  { to: paths.coin.index, label: 'home.savings' },
  { to: paths.mine.invite, label: 'home.invite' },
] as const;
