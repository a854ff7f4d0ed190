/**
 * An image the user uploaded earlier (a payment QR code),
 * fetched back by its id; `fallback` if it cannot be shown.
 */
import { Skeleton } from '@mantine/core';
import { useUploadedImage } from './api';
import classes from './upload.module.css';

export function UploadedImage({ id, alt, fallback, testId }: { id: string; alt: string; fallback: string; testId?: string }) {
  const { data, isPending, isError } = useUploadedImage(id);
  if (isPending) return <Skeleton className={classes.thumb} />;
  if (isError || !data) return <span data-testid={testId}>{fallback}</span>;
  return <img src={data.image} alt={alt} className={classes.thumb} data-testid={testId} />;
}
