/** The identity and payment pages (route table paths, without the /h5 base). */
export const AUTH_PATH = '/pages/mine/authentication';
export const REAL_AUTH_PATH = '/pages/mine/real_authentication';
export const ADVANCED_AUTH_PATH = `${REAL_AUTH_PATH}?level=advanced`;
export const BANK_AUTH_PATH = '/pages/mine/bank_authentication';
export const COLLECT_MONEY_PATH = '/pages/mine/collect_money';
