/** A QR code of a value (a deposit address, a link), drawn on white so it scans in the dark theme too. */
import { Skeleton } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import classes from './qr.module.css';

export function QrCode({ value, alt, testId }: { value: string | undefined; alt: string; testId?: string }) {
  const [qr, setQr] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    if (!value) return;
    let live = true;
    toDataURL(value, { margin: 1, width: 352, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr({ value, url }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  // Never show the code of a previous value while the new one is drawn.
  if (!value || qr?.value !== value) return <Skeleton className={classes.qrPlaceholder} radius="md" />;
  return <img src={qr.url} alt={alt} className={classes.qr} width={176} height={176} data-testid={testId} data-value={value} />;
}
