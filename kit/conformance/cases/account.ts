/**
 * The cases of the account, identity, system, news, messages, team and support operations: each
 * operation answering ok, and each of its own error codes from a state built for it.
 */
import type { Case } from './case.ts';
import { accountTagCases } from './account-1.ts';
import { passwordCases } from './account-2.ts';
import { identityCases } from './account-3.ts';
import { contentCases } from './account-4.ts';
import { capacityCases } from './account-5.ts';

export const accountCases: Case[] = [...accountTagCases, ...passwordCases, ...identityCases, ...contentCases, ...capacityCases];
