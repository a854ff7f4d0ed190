/** Every case of the kit: the generic ones, then each product area's (one file each). */
import type { Case } from './case.ts';
import { fiatCases } from './fiat.ts';
import { genericCases } from './generic.ts';

export const ALL_CASES: Case[] = [...genericCases, ...fiatCases];
