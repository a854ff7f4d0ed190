import type { Kernel } from '../kernel/area.ts';
import { News } from './news.ts';

export function install(k: Kernel) {
  return { news: new News(k.seed, k.start, k.now) };
}
