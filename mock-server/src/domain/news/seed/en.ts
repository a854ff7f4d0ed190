/** The seeded articles in English, the language every article is written in first. */
import { link, type Edition } from './types.ts';

const SC_RISKS = ['A win pays less than the stake; a loss costs the whole stake.', 'Most short-term bets lose money over time.'];
const LEVER_RISKS = [
  'Your lever account uses cross margin: the whole balance backs every position.',
  'When it falls to the liquidation line (20 %), every position is closed at the market price.',
];
const SECURITY_RISKS = ['No one from the platform will ever ask you for a code, your password or your transaction password, by phone, chat or email.'];

export const en: Edition = {
  'second-contracts': {
    title: 'Second contracts are live',
    summary: 'Choose a period from 30 seconds to 5 minutes and whether the price will be up or down.',
    body:
      '<p>Second contracts are now available on BTC, ETH, BNB, SOL, XRP and DOGE. Pick a period, a stake and a direction; the result is decided only by the price at expiry.</p>' +
      `<h2>Before you start</h2><ul><li>${SC_RISKS[0]}</li><li>${SC_RISKS[1]}</li></ul>` +
      `<p>Move USDT to your second-contract account first: ${link('/pages/assets/transferTomicro', 'transfer now')}.</p>`,
    risks: SC_RISKS,
  },
  'lever-risk-rate': {
    title: 'How the risk rate of your lever account works',
    summary: 'Equity divided by position margin: at 20 % every position is closed.',
    body:
      `<p>${LEVER_RISKS[0]} The risk rate is your equity divided by the margin of your open positions.</p>` +
      `<p>${LEVER_RISKS[1]} The app warns you below twice that line.</p>` +
      `<p>See your positions on ${link('/pages/lever/leverList', 'the positions page')}.</p>`,
    risks: LEVER_RISKS,
  },
  'security-codes': {
    title: 'Never share your verification code',
    summary: 'Our staff will never ask for your code, password or transaction password.',
    body:
      `<p>Verification codes protect your account. ${SECURITY_RISKS[0]}</p>` +
      `<p>Review your settings on ${link('/pages/mine/security', 'the security page')}.</p>`,
    risks: SECURITY_RISKS,
  },
  'deposit-confirmations': {
    title: 'Deposits: why confirmations take a few minutes',
    summary: 'A deposit is credited after its network confirmations; the minimum is shown before you send.',
    body: '<p>Each network needs a number of confirmations before a deposit is final. The deposit page shows the minimum amount and the confirmations of every coin and network before you send anything.</p>',
    risks: [],
  },
  maintenance: {
    title: 'Scheduled maintenance completed',
    summary: 'Trading, deposits and withdrawals are running normally again.',
    body: '<p>The scheduled maintenance has been completed. All services are running normally. Thank you for your patience.</p>',
    risks: [],
  },
  fees: {
    title: 'Our fee schedule',
    summary: 'Spot 0.1 %, lever 0.05 % on opening and closing, no fee on transfers between your accounts.',
    body: '<p>Spot trades pay 0.1 % of what you receive. Lever positions pay 0.05 % of their value when they open and again when they close, plus 0.02 % per day held. Transfers between your own accounts are free.</p>',
    risks: [],
  },
  welcome: {
    title: 'Welcome to H5 Exchange',
    summary: 'Spot, lever and second contracts, deposits and withdrawals in 20 languages.',
    body: '<p>Welcome! Start with a deposit, then trade spot, lever or second contracts. Help is always one tap away in online service.</p>',
    risks: [],
  },
};
