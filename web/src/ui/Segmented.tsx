/**
 * A row of mutually exclusive choices (order type, buy or sell, e-mail or phone): native radio
 * buttons in a `radiogroup`, so the arrow keys, the form semantics and the screen reader's
 * "1 of 2" come from the browser. It looks like Mantine's SegmentedControl but is laid out by CSS
 * alone: Mantine's measures its sliding indicator in an effect, which forces a layout of the whole
 * page in the task that commits it (about 40 ms of a phone's main thread on the trade page).
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import classes from './segmented.module.css';

export interface SegmentedItem<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface SegmentedProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  /** The choices; a plain string is its own label. */
  data: ReadonlyArray<V | SegmentedItem<V>>;
  /** `xs`: the compact size of a toolbar; default `sm`. */
  size?: 'xs' | 'sm';
  /** Take the row's whole width, the choices sharing it equally. */
  fullWidth?: boolean;
  /** The chosen item's background (a Mantine colour name such as `teal`); default the surface colour. */
  color?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

export function Segmented<V extends string>({ value, onChange, data, size = 'sm', fullWidth, color, disabled, ...rest }: SegmentedProps<V>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-colored={color ? true : undefined}
      style={color ? ({ '--segmented-color': `var(--mantine-color-${color}-filled)` } as CSSProperties) : undefined}
      aria-disabled={disabled || undefined}
      {...rest}
    >
      {data.map((choice) => {
        const item = typeof choice === 'string' ? { value: choice, label: choice } : choice;
        const active = item.value === value;
        const off = disabled || item.disabled;
        return (
          <label key={item.value} className={classes.item} data-active={active || undefined} data-disabled={off || undefined}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={item.value}
              checked={active}
              disabled={off}
              onChange={() => onChange(item.value)}
            />
            <span className={classes.label} data-segment-label>
              {item.label}
            </span>
          </label>
        );
      })}
    </div>
  );
}
