/** The header the mock's adapters add to an answer injected through the control API (a fault), so that contract checks can tell it from the operation's own. */
export const INJECTED_HEADER = 'x-mock-fault';
