/**
 * A plain risk notice shown before a product is first used (lever, second contracts) and until it
 * is accepted; the acceptance is remembered on this device (localStorage `storageKey`). Leaving
 * goes home. No pressure and no countdown: the user reads it and decides.
 */
import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
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
  const [open, setOpen] = useState(() => !accepted(storageKey));
  const accept = () => {
    try {
      localStorage.setItem(storageKey, '1');
    } catch {
      /* private mode: asked again next time */
    }
    setOpen(false);
  };
  return (
    // Modal's parts rather than <Modal title>: the dialog carries its name from its first render
    // (Modal links its title only one render later, and this one opens with the page). The title
    // sits in the body: a Modal.Header is a <header>, a second banner beside the page's own.
    <Modal.Root opened={open} onClose={() => {}} closeOnClickOutside={false} closeOnEscape={false} centered radius="lg" data-testid={testId}>
      <Modal.Overlay />
      <Modal.Content aria-label={title}>
        <Modal.Body pt="md">
          <Stack gap="sm">
            <Modal.Title>{title}</Modal.Title>
            <Text size="sm">{intro}</Text>
            <List size="sm" spacing={6}>
              {points.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <Button onClick={accept} fullWidth classNames={WRAP} data-testid={`${testId}-accept`}>
              {acceptLabel}
            </Button>
            <Button component={Link} to={paths.home.home} variant="subtle" fullWidth classNames={WRAP} data-testid={`${testId}-leave`}>
              {leave}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
