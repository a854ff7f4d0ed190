/** Image uploads (ID photos, payment QR codes, recharge vouchers): the size limit and the upload call. */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useSettings } from '../../api/settings';

/** The largest upload until the settings have loaded (the mock's and the spec's 5 MB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export function useUploadMaxBytes(): number {
  const settings = useSettings();
  return settings.data?.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

export function useUploadImage() {
  return useMutation({ mutationFn: (image: string) => call('uploadImage', { body: { image } }) });
}
