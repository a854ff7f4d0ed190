/**
 * What a page shows while it (or its data) loads: grey shapes laid out like the page about to
 * appear, so the content lands where the skeleton was instead of pushing things around. One
 * variant per kind of page (see app/routeSkeletons.ts for the one each route shows while its code
 * loads). A busy status region named "Loading …", said once; `data-skeleton` names the variant.
 */
import {
  Bone,
  SkeletonBalance,
  SkeletonCards,
  SkeletonChart,
  SkeletonChat,
  SkeletonChips,
  SkeletonForm,
  SkeletonGroups,
  SkeletonIcons,
  SkeletonPairs,
  SkeletonRegion,
  SkeletonRows,
  SkeletonSearch,
  SkeletonTabs,
  SkeletonText,
  SkeletonTiles,
  skeletonClasses as sk,
} from './skeleton/Skeleton';

export type SkeletonVariant =
  /** Rows with two lines and an amount (records, members, plain lists). */
  | 'list'
  /** Rows in a bordered box (the records under a deposit, withdrawal or account). */
  | 'records'
  /** Cards with a title and two lines (messages, news, ads, positions). */
  | 'cards'
  /** A line of counts and actions over cards (system messages). */
  | 'inbox'
  /** Order cards with a grid of figures (lever orders). */
  | 'orders'
  /** Order rows with a grid of figures, divided by hairlines (spot orders). */
  | 'orderRows'
  /** Tabs over order cards (the order pages). */
  | 'orderTabs'
  /** Product cards with a button (earn products, IEO rounds, loans, machines). */
  | 'products'
  /** The assets page: balance card, account chips, search, coin rows. */
  | 'assets'
  /** One account's balance card over its records (a coin of an account). */
  | 'account'
  /** The markets page: tabs, search, column heads, ticker rows. */
  | 'market'
  /** Ticker rows only (below tabs a page already shows). */
  | 'tickers'
  /** The home page: greeting card, price tiles, shortcuts, movers. */
  | 'home'
  /** A trading page: the symbol line, the order form beside the book. */
  | 'trade'
  /** A chart page: price figures, the chart, tabs. */
  | 'chart'
  /** A form: fields and a button (deposit, withdraw, transfer, verification). */
  | 'form'
  /** A detail page: a title and label/value lines, then an action. */
  | 'detail'
  /** An article: title, date, paragraphs. */
  | 'article'
  /** Settings-style groups of rows (user centre, security). */
  | 'settings'
  /** A conversation. */
  | 'chat'
  /** Figures over a list (team, rebates). */
  | 'figures';

function Shape({ variant, rows, bare }: { variant: SkeletonVariant; rows?: number; bare?: boolean }) {
  switch (variant) {
    case 'records':
      return <SkeletonRows rows={rows ?? 2} height={58} framed />;
    case 'list':
      return bare ? <SkeletonRows rows={rows ?? 6} height={58} framed /> : <SkeletonRows rows={rows ?? 6} />;
    case 'cards':
      return <SkeletonCards cards={rows ?? 4} lines={2} bare={bare} />;
    case 'inbox':
      return (
        <>
          <div className={sk.between} style={{ padding: '12px 16px 0', minHeight: 38 }}>
            <Bone w={80} h={12} />
            <Bone w={96} h={14} />
          </div>
          <SkeletonCards cards={rows ?? 4} lines={2} />
        </>
      );
    case 'orders':
      return <SkeletonCards cards={rows ?? 3} lines={2} grid />;
    case 'orderRows':
      return <SkeletonCards cards={rows ?? 4} lines={2} grid flat />;
    case 'orderTabs':
      return (
        <>
          <SkeletonTabs tabs={3} />
          <SkeletonCards cards={rows ?? 4} lines={2} grid flat />
        </>
      );
    case 'products':
      return <SkeletonCards cards={rows ?? 3} lines={3} action />;
    case 'assets':
      return (
        <>
          <SkeletonBalance />
          <SkeletonChips />
          <div className={sk.between} style={{ padding: '0 16px', minHeight: 44 }}>
            <Bone w="45%" h={12} />
            <Bone w="30%" h={12} />
          </div>
          <SkeletonSearch />
          <SkeletonRows rows={rows ?? 6} height={72} />
        </>
      );
    case 'account':
      return (
        <div className={sk.stack} style={{ padding: 16, gap: 14 }}>
          <div className={sk.between} style={{ minHeight: 32 }}>
            <Bone w={120} h={22} />
            <Bone w={44} h={12} />
          </div>
          <div className={sk.grid3}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={sk.stack} style={{ gap: 6 }}>
                <Bone w="50%" h={10} />
                <Bone w="75%" h={16} />
              </div>
            ))}
          </div>
          <div className={sk.grid3}>
            {[0, 1, 2].map((i) => (
              <Bone key={i} h={36} style={{ borderRadius: 8 }} />
            ))}
          </div>
          <Bone h={30} style={{ borderRadius: 8 }} />
          <Bone w={72} h={14} />
          <SkeletonRows rows={rows ?? 3} height={58} framed />
        </div>
      );
    case 'market':
      return (
        <>
          <SkeletonTabs tabs={3} start />
          <div style={{ padding: '6px 0' }}>
            <SkeletonSearch />
          </div>
          <div className={sk.between} style={{ padding: '8px 16px 10px 52px' }}>
            <Bone w={70} h={10} />
            <Bone w={64} h={10} />
            <Bone w={70} h={10} />
          </div>
          <SkeletonRows rows={rows ?? 10} icon="star" end="pill" />
        </>
      );
    case 'tickers':
      return <SkeletonRows rows={rows ?? 8} icon="star" end="pill" />;
    case 'home':
      return (
        <>
          <div className={sk.balance} style={{ minHeight: 110 }}>
            <Bone w="55%" h={22} />
            <Bone w="70%" h={12} />
          </div>
          <SkeletonTiles />
          <SkeletonIcons />
          <SkeletonRows rows={rows ?? 4} end="pill" />
        </>
      );
    case 'trade':
      return (
        <>
          <div className={sk.between} style={{ padding: '14px 16px' }}>
            <Bone w={140} h={18} />
            <Bone w={44} h={14} />
          </div>
          <div className={sk.split}>
            <div className={sk.stack} style={{ gap: 10 }}>
              <Bone h={36} style={{ borderRadius: 8 }} />
              <Bone h={28} style={{ borderRadius: 8 }} />
              <Bone h={36} style={{ borderRadius: 4 }} />
              <Bone h={36} style={{ borderRadius: 4 }} />
              <Bone h={24} style={{ borderRadius: 12 }} />
              <Bone h={36} style={{ borderRadius: 4 }} />
              <Bone w="90%" h={12} />
              <Bone w="70%" h={12} />
              <Bone w="80%" h={12} />
              <Bone w="55%" h={12} />
              <Bone h={40} style={{ borderRadius: 8, marginTop: 4 }} />
            </div>
            <div className={sk.stack} style={{ gap: 6 }}>
              {Array.from({ length: 15 }, (_, i) => (
                <Bone key={i} h={i === 7 ? 34 : 17} w={i === 7 ? '60%' : '100%'} />
              ))}
              <Bone h={30} style={{ borderRadius: 4, marginTop: 6 }} />
            </div>
          </div>
        </>
      );
    case 'chart':
      return (
        <>
          <div className={sk.between} style={{ padding: '12px 16px', alignItems: 'flex-start' }}>
            <div className={sk.stack}>
              <Bone w={140} h={26} />
              <Bone w={90} h={12} />
            </div>
            <div className={sk.stack} style={{ alignItems: 'flex-end' }}>
              <Bone w={110} h={10} />
              <Bone w={110} h={10} />
              <Bone w={110} h={10} />
            </div>
          </div>
          <SkeletonChips chips={6} />
          <SkeletonChart height={320} />
          <SkeletonTabs tabs={2} />
        </>
      );
    case 'form':
      return <SkeletonForm fields={rows ?? 4} />;
    case 'detail':
      return (
        <>
          <div style={{ padding: '16px 16px 0' }}>
            <Bone w="50%" h={20} />
          </div>
          <SkeletonPairs pairs={rows ?? 5} />
          <div style={{ padding: '0 16px' }}>
            <Bone h={42} style={{ borderRadius: 8 }} />
          </div>
        </>
      );
    case 'article':
      return (
        <>
          <div className={sk.stack} style={{ padding: 16, gap: 10 }}>
            <Bone w="85%" h={20} />
            <Bone w="35%" h={10} />
          </div>
          <SkeletonText lines={rows ?? 8} />
        </>
      );
    case 'settings':
      return (
        <>
          <div className={sk.row} style={{ borderBottom: 0, padding: 16 }}>
            <Bone w={48} h={48} shape="round" />
            <div className={sk.rowText}>
              <Bone w="45%" h={16} />
              <Bone w="30%" h={10} />
            </div>
          </div>
          <SkeletonGroups groups={rows ? [rows] : [4, 3]} />
        </>
      );
    case 'chat':
      return <SkeletonChat bubbles={rows ?? 4} />;
    case 'figures':
      return (
        <>
          <div className={sk.pad}>
            <SkeletonTiles />
          </div>
          <SkeletonRows rows={rows ?? 5} icon="round" />
        </>
      );
    default:
      return <SkeletonRows rows={rows ?? 6} />;
  }
}

/**
 * A page-shaped placeholder; `rows` sets how many rows or cards the variant repeats; `bare` drops
 * the page padding of a list variant that stands inside a container with its own (a list under
 * filters).
 */
export function PageSkeleton({ variant = 'list', rows, label, bare }: { variant?: SkeletonVariant; rows?: number; label?: string; bare?: boolean }) {
  return (
    <SkeletonRegion variant={variant} label={label}>
      <Shape variant={variant} rows={rows} bare={bare} />
    </SkeletonRegion>
  );
}
