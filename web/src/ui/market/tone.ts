import { direction } from '../../lib/decimal';
import classes from './tone.module.css';

/** The text class of a 24 h change: up, down, or none when flat (colours follow the user's choice). */
export function toneOf(change: string): string {
  return toneOfSign(direction(change));
}

/** The text class of a sign: up for positive, down for negative, none for zero. */
export function toneOfSign(sign: number): string {
  return sign > 0 ? classes.textUp : sign < 0 ? classes.textDown : '';
}
