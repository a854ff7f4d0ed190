/** IEO (/pages/ieo/index): the rounds, subscribing first, each with its price, demand and the time to its next state; my subscriptions are on ieo/order. */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getToken } from '../../../api/client';
import { paths } from '../../../lib/paths';
import { LoadRetry } from '../../../ui/LoadRetry';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { WRAP } from '../../../ui/wrap';
import panel from '../../../ui/panel.module.css';
import { useIeoProjects } from '../api';
import offer from '../../../ui/offer.module.css';
import { ProjectCard } from '../components/ProjectCard';

const ORDER = { subscribing: 0, warm_up: 1, ended: 2 } as const;

export default function IeoPage() {
  const { t } = useTranslation();
  const projects = useIeoProjects();
  if (projects.isError && !projects.data) return <LoadRetry onRetry={() => void projects.refetch()} />;
  if (!projects.data) return <PageSkeleton variant="products" rows={3} />;
  return (
    <div className={panel.page} data-testid="ieo">
      {getToken() && (
        <Button
          component={Link}
          to={paths.ieo.order}
          variant="light"
          size="compact-sm"
          classNames={WRAP}
          data-testid="ieo-mine-link"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('routes.ieoOrder')}
        </Button>
      )}
      <Text size="xs" c="dimmed">
        {t('ieo.intro')}
      </Text>
      <div className={offer.list}>
        {[...projects.data]
          .sort((a, b) => ORDER[a.status] - ORDER[b.status])
          .map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
      </div>
    </div>
  );
}
