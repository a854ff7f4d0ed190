/** An image of a chat message, by its upload id (getUpload): a placeholder while it loads, a note when it is gone. */
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUploadedImage } from '../uploads/api';
import classes from './chat.module.css';

export function ChatImage({ id, testId }: { id: string; testId: string }) {
  const { t } = useTranslation();
  const { data, isError } = useUploadedImage(id);
  if (isError) return <Text size="sm">{t('kefu.imageGone')}</Text>;
  if (!data) return <Skeleton width={180} height={140} radius={12} />;
  return <img src={data.image} alt={t('kefu.imageAlt')} className={classes.image} data-testid={testId} />;
}
