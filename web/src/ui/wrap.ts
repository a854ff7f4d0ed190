import classes from './wrap.module.css';

/** Button classNames that let a long label wrap instead of being clipped (Mantine clips it). */
export const WRAP = { root: classes.root, inner: classes.inner, label: classes.label };
