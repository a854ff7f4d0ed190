/** Every case of the kit: the generic ones, then each product area's (one file each). */
import { accountCases } from './account.ts';
import type { Case } from './case.ts';
import { assetsCases } from './assets.ts';
import { earnCases } from './earn.ts';
import { fiatCases, fiatUnreachable } from './fiat.ts';
import { genericCases } from './generic.ts';
import { tradeCases } from './trade.ts';

export const ALL_CASES: Case[] = [...genericCases, ...accountCases, ...assetsCases, ...earnCases, ...tradeCases, ...fiatCases];

/** `op/code` pairs no request can reach, even with the mock's control API, and why: the coverage report says so. */
export const UNREACHABLE: Record<string, string> = { ...fiatUnreachable };
