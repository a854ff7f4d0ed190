/** A yes/no dialog; loaded on demand so Mantine's modal stack stays out of the first download. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function ConfirmDialog({ message, onAnswer }: { message: string; onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={() => onAnswer(false)} withCloseButton={false} centered size="sm" radius="lg">
      <Text mb="lg">{message}</Text>
      <Group grow>
        <Button variant="default" onClick={() => onAnswer(false)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onAnswer(true)}>{t('common.confirm')}</Button>
      </Group>
    </Modal>
  );
}
