import { direction } from '../../lib/decimal';
import classes from './tone.module.css';

/** The text class of a 24 h change: up, down, or none when flat (colours follow the user's choice). */
export function toneOf(change: string): string {
  const dir = direction(change);
  return dir > 0 ? classes.textUp : dir < 0 ? classes.textDown : '';
}
