import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../contracts/generated/openapi';

type ReviewStatus = components['schemas']['ReviewStatus'];
const COLOR: Record<ReviewStatus, string> = { none: 'gray', pending: 'yellow', verified: 'teal', rejected: 'red' };

/** Not done / under review / verified / rejected. */
export function ReviewBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="review-badge" data-status={status}>
      {t(`review.${status}`)}
    </Badge>
  );
}
