/** An article's date in the reader's format and, when it is written in another language, that language. */
import { Text } from '@mantine/core';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate } from '../../../lib/format';
import type { Locale } from '../../../i18n';
import { ArticleLanguage } from '../../../ui/ArticleLanguage';
import classes from './news.module.css';

export function ArticleMeta({ time, locale: written }: { time: number; locale: Locale }) {
  const locale = useIntlLocale();
  return (
    <div className={classes.meta}>
      <Text size="xs" c="dimmed">
        {formatDate(time, 'dateTimeLong', locale)}
      </Text>
      <ArticleLanguage locale={written} />
    </div>
  );
}
