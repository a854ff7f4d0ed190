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
    <Modal
      opened={open}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={title}
      data-testid={testId}
    >
      <Stack gap="sm">
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
    </Modal>
  );
}
