/** The few icons the shell needs, as inline SVG (no icon font to download). */
import type { SVGProps } from 'react';
import { ICON_SVG, SHELL_ICON_SHAPES, type Shape, type ShellIcon } from './shellIconShapes';

const base = (props: SVGProps<SVGSVGElement>) => ({
  ...ICON_SVG,
  'aria-hidden': true,
  ...props,
});

/** One of the shell's icons, from its shapes (shellIconShapes.ts, shared with the static shell). */
export function ShellIconSvg({ name, ...p }: Omit<SVGProps<SVGSVGElement>, 'name'> & { name: ShellIcon }) {
  return (
    <svg {...base(p)}>
      {(SHELL_ICON_SHAPES[name] as Shape[]).map(([tag, attrs], i) =>
        tag === 'path' ? <path key={i} {...attrs} /> : tag === 'rect' ? <rect key={i} {...attrs} /> : <circle key={i} {...attrs} />,
      )}
    </svg>
  );
}

export const TradeIcon = (p: SVGProps<SVGSVGElement>) => <ShellIconSvg {...p} name="trade" />;
export const WalletIcon = (p: SVGProps<SVGSVGElement>) => <ShellIconSvg {...p} name="wallet" />;
export const BackIcon = (p: SVGProps<SVGSVGElement>) => <ShellIconSvg {...p} name="back" />;
export const SunIcon = (p: SVGProps<SVGSVGElement>) => <ShellIconSvg {...p} name="sun" />;
export const MoonIcon = (p: SVGProps<SVGSVGElement>) => <ShellIconSvg {...p} name="moon" />;
export const SearchIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </svg>
);
export const EyeIcon = ({ off, ...p }: SVGProps<SVGSVGElement> & { off?: boolean }) => (
  <svg {...base(p)}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {off && <path d="M3 3l18 18" />}
  </svg>
);
export const ClockIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </svg>
);
export const PickIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 8c4-4 12-4 16 0" />
    <path d="M12 5.5 6 20" />
  </svg>
);
export const DownloadIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </svg>
);
export const UsersIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14c2 .8 3 3 3 6" />
  </svg>
);
export const StarIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
  </svg>
);
export const CoinIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9 9.5h6M12 9.5V17M8.5 12.5h7" />
  </svg>
);
export const ExchangeIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 8h13l-3-3" />
    <path d="M20 16H7l3 3" />
  </svg>
);
export const PiggyIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M5 11a7 6 0 0 1 13-2h2v4h-2a7 6 0 0 1-3 4v3h-3v-2H9v2H6v-4a6 6 0 0 1-1-5Z" />
    <circle cx="15" cy="10.5" r=".8" />
  </svg>
);
export const StoreIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 9.5 5.5 4h13L20 9.5" />
    <path d="M4 9.5c0 1.4 1.1 2.5 2.67 2.5s2.66-1.1 2.66-2.5c0 1.4 1.12 2.5 2.67 2.5s2.67-1.1 2.67-2.5c0 1.4 1.1 2.5 2.66 2.5S20 10.9 20 9.5" />
    <path d="M5.5 12v8h13v-8" />
    <path d="M10 20v-4.5h4V20" />
  </svg>
);
export const BellIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
);
export const HeadsetIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M20 19a3 3 0 0 1-3 3h-3" />
  </svg>
);
export const ImageIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M21 16l-5-5-9 9" />
  </svg>
);
