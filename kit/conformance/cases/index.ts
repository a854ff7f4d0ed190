/** Every case of the kit: each product area's (one file each), then the generic ones made from the contract and from them. */
import { accountCases } from './account.ts';
import type { Case } from './case.ts';
import { assetsCases } from './assets.ts';
import { earnCases } from './earn.ts';
import { fiatCases, fiatUnreachable } from './fiat.ts';
import { internalCases, reusedKeyCases } from './generic.ts';
import { tradeCases } from './trade.ts';

const AREA_CASES: Case[] = [...accountCases, ...assetsCases, ...earnCases, ...tradeCases, ...fiatCases];

export const ALL_CASES: Case[] = [...AREA_CASES, ...internalCases, ...reusedKeyCases(AREA_CASES)];

/** `op/code` pairs no request can reach, even with the mock's control API, and why: the coverage report says so. */
export const UNREACHABLE: Record<string, string> = { ...fiatUnreachable };
