/**
 * News: the platform's articles, each written in English and some in other languages; a reader
 * gets the version in their language or the English one (`locale` says which). Bodies are HTML as
 * an editor would write them; a client must sanitise before rendering (the control API can publish
 * any HTML, hostile included, for exactly that test). Dates are before the world's start, newest
 * first; an article published through the control API is dated at the virtual clock's now.
 */
import type { components } from '../../../../contracts/generated/openapi.ts';
import { DomainError } from '../kernel/errors.ts';
import { FrozenCache } from '../kernel/frozen.ts';
import { paged } from '../kernel/paging.ts';
import { OwnedIds, Rng } from '../kernel/random.ts';

type Schemas = components['schemas'];
export type Locale = Schemas['Locale'];
type Version = { title: string; summary: string; body: string };
interface Article {
  id: string;
  time: number;
  cover?: string;
  versions: Partial<Record<Locale, Version>> & { en: Version };
}

const HOUR = 3_600_000;
/** At most this many articles (the seeded ones and those the control API published). */
export const NEWS_MAX = 200;

/** A cover picture: a two-colour gradient with a label, as an SVG data URL (no network needed). */
function cover(seed: number, id: string, label: string): string {
  const rng = new Rng(seed, `news:${id}`);
  const hue = Math.floor(rng.float() * 360);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/></linearGradient></defs>` +
    `<rect width="640" height="320" fill="url(#g)"/><text x="40" y="190" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

const link = (path: string, text: string) => `<a href="/h5${path}">${text}</a>`;

/** The seeded articles, newest first: [key, hours before the world's start, cover label, versions]. */
const ARTICLES: ReadonlyArray<[string, number, string | null, Article['versions']]> = [
  [
    'second-contracts',
    5,
    'Second contracts',
    {
      en: {
        title: 'Second contracts are live',
        summary: 'Choose a period from 30 seconds to 5 minutes and whether the price will be up or down.',
        body:
          '<p>Second contracts are now available on BTC, ETH, BNB, SOL, XRP and DOGE. Pick a period, a stake and a direction; the result is decided only by the price at expiry.</p>' +
          '<h2>Before you start</h2><ul><li>A win pays less than the stake; a loss costs the whole stake.</li><li>Most short-term bets lose money over time.</li></ul>' +
          `<p>Move USDT to your second-contract account first: ${link('/pages/assets/transferTomicro', 'transfer now')}.</p>`,
      },
      de: {
        title: 'Sekundenkontrakte sind verfügbar',
        summary: 'Wählen Sie eine Laufzeit von 30 Sekunden bis 5 Minuten und ob der Preis steigt oder fällt.',
        body:
          '<p>Sekundenkontrakte gibt es jetzt für BTC, ETH, BNB, SOL, XRP und DOGE. Über das Ergebnis entscheidet allein der Preis bei Ablauf.</p>' +
          '<h2>Bevor Sie beginnen</h2><ul><li>Ein Gewinn bringt weniger ein als der Einsatz; ein Verlust kostet den gesamten Einsatz.</li><li>Die meisten kurzfristigen Wetten verlieren auf Dauer Geld.</li></ul>' +
          `<p>Übertragen Sie zuerst USDT: ${link('/pages/assets/transferTomicro', 'jetzt übertragen')}.</p>`,
      },
      zh: {
        title: '秒合约已上线',
        summary: '选择 30 秒至 5 分钟的周期，判断价格上涨还是下跌。',
        body: '<p>秒合约现已支持 BTC、ETH、BNB、SOL、XRP 和 DOGE。结果只由到期时的价格决定。</p><ul><li>盈利少于本金；亏损将损失全部本金。</li></ul>',
      },
      ar: {
        title: 'عقود الثواني متاحة الآن',
        summary: 'اختر مدة من 30 ثانية إلى 5 دقائق، وتوقّع صعود السعر أو هبوطه.',
        body: '<p>عقود الثواني متاحة الآن على BTC وETH وBNB وSOL وXRP وDOGE. تُحدَّد النتيجة بسعر الانتهاء فقط.</p><ul><li>الربح أقل من المبلغ، والخسارة تكلّف المبلغ كاملًا.</li></ul>',
      },
    },
  ],
  [
    'lever-risk-rate',
    30,
    'Lever',
    {
      en: {
        title: 'How the risk rate of your lever account works',
        summary: 'Equity divided by position margin: at 20 % every position is closed.',
        body:
          '<p>Your lever account uses cross margin: the whole balance backs every position. The risk rate is your equity divided by the margin of your open positions.</p>' +
          '<p>When it falls to the liquidation line (20 %), every position is closed at the market price. The app warns you below twice that line.</p>' +
          `<p>See your positions on ${link('/pages/lever/leverList', 'the positions page')}.</p>`,
      },
      de: {
        title: 'So funktioniert die Risikoquote Ihres Hebelkontos',
        summary: 'Eigenkapital geteilt durch Positionsmargin: bei 20 % werden alle Positionen geschlossen.',
        body: '<p>Ihr Hebelkonto nutzt Cross-Margin: das gesamte Guthaben deckt jede Position. Fällt die Risikoquote auf 20 %, werden alle Positionen zum Marktpreis geschlossen.</p>',
      },
    },
  ],
  [
    'security-codes',
    52,
    'Security',
    {
      en: {
        title: 'Never share your verification code',
        summary: 'Our staff will never ask for your code, password or transaction password.',
        body:
          '<p>Verification codes protect your account. No one from the platform will ever ask you for a code, your password or your transaction password, by phone, chat or email.</p>' +
          `<p>Review your settings on ${link('/pages/mine/security', 'the security page')}.</p>`,
      },
    },
  ],
  [
    'deposit-confirmations',
    75,
    null,
    {
      en: {
        title: 'Deposits: why confirmations take a few minutes',
        summary: 'A deposit is credited after its network confirmations; the minimum is shown before you send.',
        body: '<p>Each network needs a number of confirmations before a deposit is final. The deposit page shows the minimum amount and the confirmations of every coin and network before you send anything.</p>',
      },
    },
  ],
  [
    'maintenance',
    100,
    'Maintenance',
    {
      en: {
        title: 'Scheduled maintenance completed',
        summary: 'Trading, deposits and withdrawals are running normally again.',
        body: '<p>The scheduled maintenance has been completed. All services are running normally. Thank you for your patience.</p>',
      },
    },
  ],
  [
    'fees',
    140,
    null,
    {
      en: {
        title: 'Our fee schedule',
        summary: 'Spot 0.1 %, lever 0.05 % on opening and closing, no fee on transfers between your accounts.',
        body: '<p>Spot trades pay 0.1 % of what you receive. Lever positions pay 0.05 % of their value when they open and again when they close, plus 0.02 % per day held. Transfers between your own accounts are free.</p>',
      },
    },
  ],
  [
    'welcome',
    200,
    'Welcome',
    {
      en: {
        title: 'Welcome to H5 Exchange',
        summary: 'Spot, lever and second contracts, deposits and withdrawals in 20 languages.',
        body: '<p>Welcome! Start with a deposit, then trade spot, lever or second contracts. Help is always one tap away in online service.</p>',
      },
    },
  ],
];

export class News {
  private readonly articles: Article[];
  private published = 0;
  private readonly ids: OwnedIds;
  /** Pages as last answered (frozen), per locale and page: the same until an article is published. */
  private readonly pages = new FrozenCache<Schemas['NewsPage']>(64);

  constructor(
    seed: number,
    start: number,
    private readonly now: () => number,
  ) {
    this.ids = new OwnedIds(seed);
    this.articles = ARTICLES.map(([key, hours, label, versions]) => ({
      id: `news_${key}`,
      time: start - hours * HOUR,
      ...(label ? { cover: cover(seed, key, label) } : {}),
      versions,
    }));
  }

  private version(a: Article, locale: Locale): { locale: Locale; v: Version } {
    const v = a.versions[locale];
    return v ? { locale, v } : { locale: 'en', v: a.versions.en };
  }

  list(q: { locale?: Locale; page?: number; pageSize?: number }): Schemas['NewsPage'] {
    return this.pages.get(JSON.stringify([q.locale, q.page, q.pageSize]), this.published, () => this.page(q));
  }

  private page(q: { locale?: Locale; page?: number; pageSize?: number }): Schemas['NewsPage'] {
    const { items, ...page } = paged(this.articles, q, 10);
    return {
      ...page,
      items: items.map((a) => {
        const { locale, v } = this.version(a, q.locale ?? 'en');
        return { id: a.id, title: v.title, summary: v.summary, ...(a.cover ? { cover: a.cover } : {}), locale, time: a.time };
      }),
    };
  }

  get(id: string, locale: Locale = 'en'): Schemas['NewsArticle'] {
    const a = this.articles.find((x) => x.id === id);
    if (!a) throw new DomainError('not_found', 'This article does not exist');
    const { locale: shown, v } = this.version(a, locale);
    return { id: a.id, title: v.title, summary: v.summary, ...(a.cover ? { cover: a.cover } : {}), locale: shown, time: a.time, body: v.body };
  }

  /** Publishes an article now, in English (the control API's `mockNews`); the oldest goes beyond NEWS_MAX. */
  publish(title: string, summary: string, body: string): { id: string; time: number } {
    this.published += 1;
    const id = this.ids.next('news', 'published');
    const time = this.now();
    this.articles.unshift({ id, time, versions: { en: { title, summary, body } } });
    this.articles.length = Math.min(this.articles.length, NEWS_MAX);
    return { id, time };
  }
}
