/**
 * The assets card's four actions: where each goes, its label and its test id. Plain data: the
 * build reads the labels too (the static shell's assets outline, web/build/staticShell.ts);
 * AssetsPage gives each its icon.
 */
// With its extension: the build imports this file through Node.
import { paths } from '../../lib/paths.ts';

export const ASSET_ACTIONS = [
  { to: paths.assets.charge, label: 'assets.deposit', testId: 'action-deposit' },
  { to: paths.assets.mention, label: 'assets.withdraw', testId: 'action-withdraw' },
  { to: paths.assets.transfer, label: 'assets.transfer', testId: 'action-transfer' },
  { to: paths.assets.flash, label: 'assets.flash', testId: 'action-flash' },
] as const;
