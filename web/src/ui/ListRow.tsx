/** A settings-style row: label (and hint) on the start side, value and a chevron on the end side. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './list.module.css';

export function ListRow({
  label,
  hint,
  value,
  to,
  onClick,
  testId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
  testId?: string;
}) {
  const body = (
    <>
      <span className={classes.text}>
        <span className={classes.label}>{label}</span>
        {hint && <span className={classes.hint}>{hint}</span>}
      </span>
      <span className={classes.value}>{value}</span>
      {(to || onClick) && (
        <span className={classes.chevron} aria-hidden>
          ›
        </span>
      )}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={classes.row} data-testid={testId}>
        {body}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" onClick={onClick} className={classes.row} data-testid={testId}>
        {body}
      </button>
    );
  }
  return (
    <div className={classes.row} data-testid={testId}>
      {body}
    </div>
  );
}

export function ListGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className={classes.group}>
      {title && <h3 className={classes.groupTitle}>{title}</h3>}
      <div className={classes.groupBody}>{children}</div>
    </section>
  );
}
