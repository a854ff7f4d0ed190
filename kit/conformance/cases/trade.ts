/**
 * The market, trade, lever and second areas' cases: each operation answering ok from a state built
 * as a fresh user, and each of its own error codes (trade-1: market and spot, trade-2: lever,
 * trade-3: second contracts; their shared steps in trade-setup).
 */
import type { Case } from './case.ts';
import { tradeCases1 } from './trade-1.ts';
import { tradeCases2 } from './trade-2.ts';
import { tradeCases3 } from './trade-3.ts';

export const tradeCases: Case[] = [...tradeCases1, ...tradeCases2, ...tradeCases3];
