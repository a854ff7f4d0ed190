/**
 * A plain risk notice shown before a product is first used (lever, second contracts) and until it
 * is accepted; the acceptance is remembered on this device (localStorage `storageKey`). Leaving
 * goes home. No pressure and no countdown: the user reads it and decides.
 *
 * It opens with the page on a first visit, so it is a native modal <dialog> rather than Mantine's
 * Modal, whose stack (portal, focus trap, scroll lock) would add 28 KB to the page's first
 * download: the browser makes the page behind inert and names and describes the dialog from its
 * title and text; the focus starts on the first action and Tab goes round the two.
 */
import { Button, List, Stack, Text } from '@mantine/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import classes from './riskNotice.module.css';
import { WRAP } from './wrap';

function accepted(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function RiskNotice({
  storageKey,
  title,
  intro,
  points,
  accept: acceptLabel,
  leave,
  testId,
}: {
  storageKey: string;
  title: string;
  intro: string;
  points: string[];
  accept: string;
  leave: string;
  testId: string;
}) {
  // Rendered at all only when not yet accepted; once accepted it closes (and fades out).
  const [asked] = useState(() => !accepted(storageKey));
  const [open, setOpen] = useState(asked);
  const dialog = useRef<HTMLDialogElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Open before the first paint, with the focus on the first action (as Mantine's Modal had it).
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      acceptButton.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);
  if (!asked) return null;
  const accept = () => {
    try {
      localStorage.setItem(storageKey, '1');
    } catch {
      /* private mode: asked again next time */
    }
    setOpen(false);
  };
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={testId}
      // Escape does not dismiss it: the user answers with one of its two buttons.
      onCancel={(e) => e.preventDefault()}
      // A browser may close it anyway (a second Escape without a tap in between): open it again.
      onClose={(e) => {
        const d = e.currentTarget;
        if (open && d.isConnected && !d.open) d.showModal();
      }}
      // Tab goes round its two actions, as in Mantine's Modal, rather than out to the browser.
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const actions = [...e.currentTarget.querySelectorAll<HTMLElement>('button, a[href]')];
        const [first, last] = [actions[0], actions[actions.length - 1]];
        const edge = e.shiftKey ? first : last;
        if (document.activeElement === edge || !e.currentTarget.contains(document.activeElement)) {
          e.preventDefault();
          (e.shiftKey ? last : first).focus();
        }
      }}
    >
      <Stack gap="sm">
        <h2 className={classes.title} id={`${id}-title`}>
          {title}
        </h2>
        <div id={`${id}-text`}>
          <Text size="sm" mb="sm">
            {intro}
          </Text>
          <List size="sm" spacing={6}>
            {points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </div>
        <Button ref={acceptButton} onClick={accept} fullWidth classNames={WRAP} data-testid={`${testId}-accept`}>
          {acceptLabel}
        </Button>
        <Button component={Link} to={paths.home.home} variant="subtle" fullWidth classNames={WRAP} data-testid={`${testId}-leave`}>
          {leave}
        </Button>
      </Stack>
    </dialog>
  );
}
