/** Every case of the kit: the generic ones, then each product area's (one file each). */
import { accountCases } from './account.ts';
import type { Case } from './case.ts';
import { genericCases } from './generic.ts';

export const ALL_CASES: Case[] = [...genericCases, ...accountCases];
