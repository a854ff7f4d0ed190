/** One system message (/pages/mine/systemMessagesDetail?id=, login): opening it marks it read. Its text is plain, rendered inert; a button opens what it is about. */
import { Button, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { messageLink, useMessageText, useReadMessage } from '../../../api/messages';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate } from '../../../lib/format';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import classes from '../components/messages.module.css';

export default function MessageDetailPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const text = useMessageText();
  const id = useSearchParams()[0].get('id') ?? '';
  const read = useReadMessage();
  const { mutate } = read;
  useEffect(() => {
    if (id) mutate(id);
  }, [id, mutate]);
  if (!id || (read.error instanceof ApiError && read.error.details.code === 'not_found')) {
    return (
      <Text c="dimmed" ta="center" py={48} data-testid="message-not-found">
        {t('messages.notFound')}
      </Text>
    );
  }
  if (read.isError) return <LoadRetry onRetry={() => mutate(id)} />;
  if (!read.data) return <PageSkeleton variant="article" rows={4} />;
  const { title, body } = text(read.data);
  const link = messageLink(read.data);
  return (
    <article className={classes.page} data-testid="message-detail">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {formatDate(read.data.time, 'dateTimeLong', locale)}
      </Text>
      <div className={classes.body} data-testid="message-body">
        {body}
      </div>
      {link && (
        <Button component={Link} to={link} variant="light" fullWidth data-testid="message-open">
          {t('messages.open')}
        </Button>
      )}
    </article>
  );
}
