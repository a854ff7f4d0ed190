/**
 * Skeleton building blocks: grey shapes laid out like the blocks they stand for (a list of rows, a
 * stack of cards, a form, a chart, the balance card, tabs, chips, the home shortcuts). PageSkeleton
 * composes them into one shape per kind of page. All of it is hidden from assistive technology:
 * the region around it (PageSkeleton, SkeletonRegion) says "Loading …" once.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skeleton.module.css';

type Size = number | string;

/** One grey shape. `w`/`h` in px or any CSS length; `shape` rounds it into a circle or a pill. */
export function Bone({ w = '100%', h = 12, shape, style }: { w?: Size; h?: Size; shape?: 'round' | 'pill'; style?: CSSProperties }) {
  const cls = shape ? `${classes.bone} ${classes[shape]}` : classes.bone;
  return <span className={cls} style={{ display: 'block', width: w, height: h, ...style }} />;
}

/**
 * The region that stands for content while it loads: busy, named once ("Loading …"), its shapes
 * hidden. `variant` names the page shape (data-skeleton) so tests and styles can tell them apart.
 */
export function SkeletonRegion({ variant, label, children, style }: { variant: string; label?: string; children: ReactNode; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-live="off" aria-label={label ?? t('loading.page')} data-skeleton={variant} className={classes.root} style={style}>
      <div aria-hidden style={{ display: 'contents' }}>
        {children}
      </div>
    </div>
  );
}

const widths = ['38%', '52%', '44%', '60%', '34%', '48%', '56%', '40%'];
const pick = (i: number) => widths[i % widths.length];

/** List rows: an optional icon, two lines on the start side, two on the end side (a coin, a record, a ticker). */
export function SkeletonRows({
  rows = 6,
  height = 64,
  icon,
  end = 'lines',
  framed = false,
}: {
  rows?: number;
  height?: number;
  icon?: 'round' | 'star' | 'square';
  end?: 'lines' | 'pill' | 'chevron' | 'none';
  /** In a bordered box, rows inset less (the records of a coin). */
  framed?: boolean;
}) {
  return (
    <div className={framed ? classes.framed : undefined}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={classes.row} style={{ minHeight: height, padding: framed ? '10px 12px' : undefined }}>
          {icon === 'round' && <Bone w={32} h={32} shape="round" />}
          {icon === 'square' && <Bone w={40} h={40} style={{ borderRadius: 10 }} />}
          {icon === 'star' && <Bone w={14} h={14} shape="round" />}
          <div className={classes.rowText}>
            <Bone w={pick(i)} h={14} />
            <Bone w="30%" h={10} />
          </div>
          {end === 'lines' && (
            <div className={classes.rowEnd}>
              <Bone w={72} h={14} />
              <Bone w={92} h={10} />
            </div>
          )}
          {end === 'pill' && (
            <>
              <Bone w={64} h={16} />
              <Bone w={84} h={32} style={{ borderRadius: 4 }} />
            </>
          )}
          {end === 'chevron' && <Bone w={48} h={12} />}
        </div>
      ))}
    </div>
  );
}

/** Cards in a stack: a head line (title and a badge), then `lines` rows of small figures. */
export function SkeletonCards({
  cards = 3,
  lines = 2,
  grid = false,
  action = false,
  flat = false,
  bare = false,
}: {
  cards?: number;
  lines?: number;
  grid?: boolean;
  action?: boolean;
  /** Rows divided by hairlines instead of boxed cards (the spot orders). */
  flat?: boolean;
  /** No padding around the stack: it sits in a container that has its own. */
  bare?: boolean;
}) {
  return (
    <div className={flat ? classes.flatCards : classes.cards} style={bare ? { padding: 0 } : undefined}>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className={flat ? classes.flatCard : classes.card}>
          <div className={classes.between}>
            <Bone w={pick(i + 2)} h={16} />
            <Bone w={56} h={18} shape="pill" />
          </div>
          {grid ? (
            <div className={classes.grid3}>
              {Array.from({ length: lines * 3 }, (_, j) => (
                <div key={j} className={classes.stack} style={{ gap: 4 }}>
                  <Bone w="60%" h={10} />
                  <Bone w="80%" h={12} />
                </div>
              ))}
            </div>
          ) : (
            Array.from({ length: lines }, (_, j) => <Bone key={j} w={pick(i + j + 3)} h={12} />)
          )}
          {action && <Bone w="100%" h={36} style={{ borderRadius: 8 }} />}
        </div>
      ))}
    </div>
  );
}

/** A form: label-and-field pairs, then the submit button. */
export function SkeletonForm({ fields = 4, button = true }: { fields?: number; button?: boolean }) {
  return (
    <div className={classes.form}>
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className={classes.field}>
          <Bone w={pick(i)} h={12} />
          <Bone w="100%" h={36} style={{ borderRadius: 4 }} />
        </div>
      ))}
      {button && <Bone w="100%" h={42} style={{ borderRadius: 8, marginTop: 8 }} />}
    </div>
  );
}

/** Label and value lines (a detail page). */
export function SkeletonPairs({ pairs = 5 }: { pairs?: number }) {
  return (
    <div className={classes.card} style={{ margin: '12px 16px' }}>
      {Array.from({ length: pairs }, (_, i) => (
        <div key={i} className={classes.between}>
          <Bone w="30%" h={12} />
          <Bone w={pick(i + 1)} h={12} style={{ maxWidth: '45%' }} />
        </div>
      ))}
    </div>
  );
}

/** A chart area of the given height. */
export function SkeletonChart({ height = 300 }: { height?: number }) {
  return <Bone w="100%" h={height} style={{ borderRadius: 0 }} />;
}

/** Tabs over a hairline. */
export function SkeletonTabs({ tabs = 3, start = false }: { tabs?: number; start?: boolean }) {
  return (
    <div className={classes.tabs} style={start ? { justifyContent: 'flex-start', gap: 32, margin: '4px 16px 0', paddingInlineStart: 16 } : undefined}>
      {Array.from({ length: tabs }, (_, i) => (
        <Bone key={i} w={56} h={12} />
      ))}
    </div>
  );
}

/** Pill chips in a row (account kinds, filters). */
export function SkeletonChips({ chips = 5 }: { chips?: number }) {
  return (
    <div className={classes.chips}>
      {Array.from({ length: chips }, (_, i) => (
        <Bone key={i} w={i === 0 ? 62 : 72} h={34} shape="pill" />
      ))}
    </div>
  );
}

/** A search field. */
export function SkeletonSearch() {
  return (
    <div style={{ padding: '8px 16px' }}>
      <Bone w="100%" h={36} shape="pill" />
    </div>
  );
}

/** The balance card: a label, the big total, the fiat line, four actions. */
export function SkeletonBalance({ actions = 4 }: { actions?: number }) {
  return (
    <div className={classes.balance} style={{ minHeight: 202 }}>
      <Bone w="40%" h={14} />
      <Bone w="55%" h={30} />
      <Bone w="35%" h={12} />
      <div className={classes.actions4} style={{ gridTemplateColumns: `repeat(${actions}, 1fr)` }}>
        {Array.from({ length: actions }, (_, i) => (
          <Bone key={i} h={60} style={{ borderRadius: 10 }} />
        ))}
      </div>
    </div>
  );
}

/** Shortcut icons in a grid of four, each an icon and a label. */
export function SkeletonIcons({ icons = 8 }: { icons?: number }) {
  return (
    <div className={classes.icons}>
      {Array.from({ length: icons }, (_, i) => (
        <div key={i} className={classes.icon}>
          <Bone w={40} h={40} style={{ borderRadius: 10 }} />
          <Bone w={44} h={10} />
        </div>
      ))}
    </div>
  );
}

/** Three price tiles. */
export function SkeletonTiles() {
  return (
    <div className={classes.tiles}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={classes.tile}>
          <Bone w="70%" h={10} />
          <Bone w="80%" h={16} />
          <Bone w="40%" h={10} />
        </div>
      ))}
    </div>
  );
}

/** Paragraph lines (an article, a message). */
export function SkeletonText({ lines = 6 }: { lines?: number }) {
  return (
    <div className={classes.stack} style={{ padding: '0 16px', gap: 10 }}>
      {Array.from({ length: lines }, (_, i) => (
        <Bone key={i} w={i === lines - 1 ? '55%' : i % 3 === 2 ? '88%' : '100%'} h={12} />
      ))}
    </div>
  );
}

/** Chat bubbles, theirs and mine, and the input at the bottom. */
export function SkeletonChat({ bubbles = 4 }: { bubbles?: number }) {
  return (
    <div className={classes.chat}>
      {Array.from({ length: bubbles }, (_, i) => (
        <div key={i} className={i % 2 ? classes.mine : undefined}>
          <Bone w={i % 2 ? 160 : 220} h={i % 3 === 0 ? 56 : 38} style={{ borderRadius: 14 }} />
        </div>
      ))}
    </div>
  );
}

/** Settings groups: a title, then rows with a label and a chevron. */
export function SkeletonGroups({ groups = [4, 3] }: { groups?: number[] }) {
  return (
    <div>
      {groups.map((rows, g) => (
        <div key={g}>
          <div className={classes.groupTitle}>
            <Bone w={96} h={12} />
          </div>
          <div className={classes.group}>
            {Array.from({ length: rows }, (_, i) => (
              <div key={i} className={classes.row} style={{ minHeight: 52, padding: '10px 14px' }}>
                <div className={classes.rowText}>
                  <Bone w={pick(i + g)} h={14} />
                </div>
                <Bone w={40} h={12} />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export { classes as skeletonClasses };
