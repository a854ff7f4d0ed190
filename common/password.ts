/**
 * The password length rule, on its own so that what only needs the numbers (the dictionaries'
 * {{passwordMin}}/{{passwordMax}} on the first page) does not pull in validation.ts's phone parser.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
