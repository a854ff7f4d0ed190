/**
 * What an empty list shows instead of "No data": an icon, what would be here ("No orders yet"),
 * one line of help, and the one next step as a link or button ("Place an order"). Tests find it by
 * `testId` (default "empty-state") and its action by `${testId}-action`.
 */
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WRAP } from './wrap';
import classes from './emptyState.module.css';
import { ListIcon } from './emptyIcons';

export interface EmptyAction {
  label: string;
  /** A route of the app (a link), or… */
  to?: string;
  /** …something to do here (a button). */
  onClick?: () => void;
}

export function EmptyState({
  title,
  hint,
  action,
  icon,
  testId = 'empty-state',
  compact = false,
}: {
  title: ReactNode;
  hint?: ReactNode;
  action?: EmptyAction;
  icon?: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  const size = compact ? 'sm' : 'md';
  return (
    <div className={compact ? `${classes.root} ${classes.compact}` : classes.root} data-testid={testId} data-empty>
      <div className={classes.icon} aria-hidden>
        {icon ?? <ListIcon width={compact ? 24 : 30} height={compact ? 24 : 30} />}
      </div>
      <p className={classes.title}>{title}</p>
      {hint && <p className={classes.hint}>{hint}</p>}
      {action &&
        (action.to ? (
          <Button component={Link} to={action.to} variant="light" size={size} className={classes.action} classNames={WRAP} data-testid={`${testId}-action`}>
            {action.label}
          </Button>
        ) : (
          <Button variant="light" size={size} onClick={action.onClick} className={classes.action} classNames={WRAP} data-testid={`${testId}-action`}>
            {action.label}
          </Button>
        ))}
    </div>
  );
}
