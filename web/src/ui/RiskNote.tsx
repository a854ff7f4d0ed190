/** What can go wrong with a product, said before anything is bought or locked (earn, IEO). */
import { Alert, Text } from '@mantine/core';

export function RiskNote({ text, testId = 'risk-note' }: { text: string; testId?: string }) {
  return (
    <Alert variant="light" color="yellow" p="xs" data-testid={testId}>
      <Text size="xs">{text}</Text>
    </Alert>
  );
}
