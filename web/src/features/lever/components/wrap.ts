import classes from './lever.module.css';

/** Button classNames that let a long label wrap instead of being clipped (Mantine clips it). */
export const WRAP = { root: classes.wrapRoot, inner: classes.wrapInner, label: classes.wrapLabel };
