/**
 * An article (/pages/home/newsDetail?id=): title, date, cover and the body, whose HTML is
 * sanitised (lib/sanitize) before it is rendered; links into the app navigate within it. When the
 * article is not written in the user's language, a label beside the date names the language it is
 * in and a note says why; its title and body carry their own `lang`.
 */
import { Alert, Text, Title } from '@mantine/core';
import { type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiLocale, useArticle } from '../../../api/news';
import { ApiError } from '../../../api/client';
import { sanitizeHtml } from '../../../lib/sanitize';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { articleLang } from '../../../ui/ArticleLanguage';
import { ArticleMeta } from '../components/ArticleMeta';
import classes from '../components/news.module.css';

export default function NewsDetailPage() {
  const { t } = useTranslation();
  const wanted = useApiLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: article, isPending, isError, error, refetch } = useArticle(id);
  // No id at all (a link cut short) is as much "not found" as an unknown one: never an endless skeleton.
  if (!id || (isError && error instanceof ApiError && error.details.code === 'not_found')) {
    return (
      <Text c="dimmed" ta="center" py={48} data-testid="news-not-found">
        {t('news.notFound')}
      </Text>
    );
  }
  if (isError && !article) return <LoadRetry onRetry={() => void refetch()} />;
  if (isPending || !article) return <PageSkeleton variant="article" rows={10} />;
  // A link into the app stays in it (no reload); others open in a new tab (set by the sanitiser).
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (href?.startsWith('/h5/')) {
      e.preventDefault();
      navigate(href.slice(3));
    }
  };
  return (
    <article className={classes.article} data-testid="news-article">
      <Title order={2} size="h3" lang={articleLang(article.locale)} dir="auto" data-server-text>
        {article.title}
      </Title>
      <ArticleMeta time={article.time} locale={article.locale} />
      {article.locale !== wanted && (
        <Alert variant="light" color="gray" data-testid="news-in-english">
          {t('news.inEnglish')}
        </Alert>
      )}
      {article.cover && <img className={classes.cover} src={article.cover} alt="" />}
      <div
        className={classes.body}
        onClick={onClick}
        data-testid="news-body"
        lang={articleLang(article.locale)}
        dir="auto"
        data-server-text
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.body) }}
      />
    </article>
  );
}
