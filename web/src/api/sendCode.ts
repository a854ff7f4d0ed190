/** Sends a verification code (registration, login, password reset, security changes). */
import { useMutation } from '@tanstack/react-query';
import type { OpBody } from '../../../contracts/generated/operations';
import { call } from './client';

export function useSendCode() {
  return useMutation({ mutationFn: (body: OpBody<'sendCode'>) => call('sendCode', { body }) });
}
