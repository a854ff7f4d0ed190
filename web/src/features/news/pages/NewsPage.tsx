/** News (/pages/home/news): the platform's articles, newest first, page by page, in the user's language where written, else labelled with the language it is in. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNews } from '../../../api/news';
import { paths, withQuery } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { NewsIcon } from '../../../ui/emptyIcons';
import { LoadMore } from '../../../ui/LoadMore';
import { articleLang } from '../../../ui/ArticleLanguage';
import { ArticleMeta } from '../components/ArticleMeta';
import classes from '../components/news.module.css';

export default function NewsPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useNews();
  if (isPending) return <PageSkeleton variant="cards" rows={5} />;
  if (isError && !data) return <LoadRetry onRetry={() => void refetch()} />;
  const items = data.pages.flatMap((p) => p.items);
  return (
    <div className={classes.list} data-testid="news-list">
      {items.length === 0 && <EmptyState testId="news-empty" icon={<NewsIcon />} title={t('empty.news.title')} hint={t('empty.news.hint')} />}
      {items.map((a) => (
        <Link key={a.id} to={withQuery(paths.home.newsDetail, { id: a.id })} className={classes.item} data-testid="news-item">
          <div>
            <div lang={articleLang(a.locale)} dir="auto" data-server-text>
              <div className={classes.itemTitle}>{a.title}</div>
              <div className={classes.itemSummary}>{a.summary}</div>
            </div>
            <ArticleMeta time={a.time} locale={a.locale} />
          </div>
          {a.cover && <img className={classes.thumb} src={a.cover} alt="" loading="lazy" />}
        </Link>
      ))}
      <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={t('news.loadMore')} />
    </div>
  );
}
