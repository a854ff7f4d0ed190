/**
 * A yes/no dialog whose buttons say what they do ("Cancel order" / "Keep order"), never a bare
 * "Confirm" / "Cancel"; loaded on demand so Mantine's modal stack stays out of the first download.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmRequest {
  /** The question, naming what is acted on ("Cancel this BTC/USDT order?"). */
  message: string;
  /** The action, as a verb and its object: "Cancel order", "Close position", "Log out". */
  confirmLabel: string;
  /** The non-action: "Keep order", "Keep position", "Stay logged in", "Not now". */
  cancelLabel: string;
  /** The action loses or ends something (cancel, close, remove, log out): its button is red. */
  destructive?: boolean;
}

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
