/**
 * The bounds of a decimal in a request (the contract's `DecimalInput`): at most 15 digits before the
 * point and 18 after, 40 characters. The app refuses longer input as the server does, and a contract
 * test keeps this pattern equal to the contract's.
 */
export const DECIMAL_INPUT = { maxIntegerDigits: 15, maxFractionDigits: 18, maxLength: 40 } as const;

export const DECIMAL_INPUT_PATTERN = `^(0|[1-9][0-9]{0,${DECIMAL_INPUT.maxIntegerDigits - 1}})(\\.[0-9]{1,${DECIMAL_INPUT.maxFractionDigits}})?$`;

const pattern = new RegExp(DECIMAL_INPUT_PATTERN);

/** Whether `text` is a decimal the API accepts in an amount, price or quantity field. */
export function isDecimalInput(text: string): boolean {
  return text.length <= DECIMAL_INPUT.maxLength && pattern.test(text);
}
