import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../contracts/generated/openapi';

type ReviewStatus = components['schemas']['ReviewStatus'];
const COLOR: Record<ReviewStatus, string> = { none: 'gray', pending: 'orange', verified: 'teal', rejected: 'red' };

/** A review status (identity level, payment method): not verified / under review / verified / rejected. */
export function ReviewBadge({ status, testId = 'review-badge' }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLOR[status]}
      variant={status === 'none' ? 'outline' : 'light'}
      radius="sm"
      style={{ flex: 'none' }}
      data-testid={testId}
      data-status={status}
    >
      {t(`review.${status}`)}
    </Badge>
  );
}
