import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a page or its data loads. */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="sm" p="md" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={44} radius="md" />
      ))}
    </Stack>
  );
}
