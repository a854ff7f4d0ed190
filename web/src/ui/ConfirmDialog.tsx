/**
 * A yes/no dialog whose buttons say what they do ("Cancel order" / "Keep order"), never a bare
 * "Confirm" / "Cancel"; loaded on demand so Mantine's modal stack stays out of the first download.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmRequest } from './useConfirm';

export default function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (yes: boolean) => void }) {
  return (
    <Modal opened onClose={() => onAnswer(false)} withCloseButton={false} centered size="sm" radius="lg" data-testid="confirm-dialog">
      <Text mb="lg">{request.message}</Text>
      <Group grow wrap="wrap" gap="sm">
        <Button variant="default" onClick={() => onAnswer(false)} data-testid="confirm-dismiss">
          {request.cancelLabel}
        </Button>
        <Button
          color={request.destructive ? 'red' : undefined}
          onClick={() => onAnswer(true)}
          data-testid="confirm-accept"
          data-destructive={request.destructive || undefined}
        >
          {request.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
