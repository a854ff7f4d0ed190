/** The seeded articles in Simplified Chinese. */
import { link, type Edition } from './types.ts';

const SC_RISKS = ['盈利少于本金；亏损将损失全部本金。', '长期来看，大多数短期押注都会亏钱。'];
const LEVER_RISKS = ['您的杠杆账户采用全仓保证金：全部余额为每一个仓位担保。', '当风险率降至强平线（20 %）时，所有仓位都将按市价平仓。'];
const SECURITY_RISKS = ['平台的任何人都绝不会通过电话、聊天或电子邮件向您索要验证码、登录密码或交易密码。'];

export const zh: Edition = {
  'second-contracts': {
    title: '秒合约已上线',
    summary: '选择 30 秒至 5 分钟的周期，判断价格上涨还是下跌。',
    body:
      '<p>秒合约现已支持 BTC、ETH、BNB、SOL、XRP 和 DOGE。选择周期、金额和方向；结果只由到期时的价格决定。</p>' +
      `<h2>开始之前</h2><ul><li>${SC_RISKS[0]}</li><li>${SC_RISKS[1]}</li></ul>` +
      `<p>请先将 USDT 划转到秒合约账户：${link('/pages/assets/transferTomicro', '立即划转')}。</p>`,
    risks: SC_RISKS,
  },
  'lever-risk-rate': {
    title: '杠杆账户的风险率是如何计算的',
    summary: '权益除以持仓保证金：降至 20 % 时所有仓位都会被平仓。',
    body:
      `<p>${LEVER_RISKS[0]}风险率等于您的权益除以当前持仓的保证金。</p>` +
      `<p>${LEVER_RISKS[1]}风险率低于强平线的两倍时，应用会提醒您。</p>` +
      `<p>在${link('/pages/lever/leverList', '持仓页面')}查看您的仓位。</p>`,
    risks: LEVER_RISKS,
  },
  'security-codes': {
    title: '切勿向任何人透露验证码',
    summary: '我们的工作人员绝不会索要您的验证码、密码或交易密码。',
    body: `<p>验证码保护您的账户安全。${SECURITY_RISKS[0]}</p>` + `<p>请在${link('/pages/mine/security', '安全中心')}检查您的设置。</p>`,
    risks: SECURITY_RISKS,
  },
  'deposit-confirmations': {
    title: '充值：为什么确认需要几分钟',
    summary: '充值在完成网络确认后到账；发送前会显示最低充值金额。',
    body: '<p>每个网络都需要一定数量的确认，充值才算最终完成。在您发送任何资产之前，充值页面会显示每种币和每个网络的最低金额和所需确认数。</p>',
    risks: [],
  },
  maintenance: {
    title: '计划维护已完成',
    summary: '交易、充值和提现已恢复正常。',
    body: '<p>计划维护已经完成，所有服务均运行正常。感谢您的耐心等待。</p>',
    risks: [],
  },
  fees: {
    title: '我们的费率表',
    summary: '现货 0.1 %，杠杆开仓和平仓各 0.05 %，账户之间划转免费。',
    body: '<p>现货交易按您所得金额收取 0.1 % 的手续费。杠杆仓位在开仓和平仓时各按仓位价值收取 0.05 %，另按持仓天数每天收取 0.02 %。在您自己的账户之间划转免费。</p>',
    risks: [],
  },
  welcome: {
    title: '欢迎来到 H5 Exchange',
    summary: '现货、杠杆和秒合约，充值和提现，支持 20 种语言。',
    body: '<p>欢迎！先充值，然后交易现货、杠杆或秒合约。在线客服随时为您提供帮助，只需轻点一下。</p>',
    risks: [],
  },
};
