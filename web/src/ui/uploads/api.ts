/** Image uploads (ID photos, payment QR codes, recharge vouchers): the size limit, the upload call, and an upload shown again. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useSettings } from '../../api/settings';
import { queryKey } from '../../api/queryKey';

/** The largest upload until the settings have loaded (the mock's and the spec's 5 MB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export function useUploadMaxBytes(): number {
  const settings = useSettings();
  return settings.data?.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

export function useUploadImage() {
  return useMutation({ mutationFn: (image: string) => call('uploadImage', { body: { image } }) });
}

/** One of the user's uploads as a data URL (uploads never change, so it is fetched once). */
const uploadQuery = (id: string) =>
  queryOptions({
    queryKey: queryKey('getUpload', { id }),
    queryFn: ({ signal }) => call('getUpload', { query: { id }, signal }),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export function useUploadedImage(id: string | undefined) {
  return useQuery({ ...uploadQuery(id ?? ''), enabled: Boolean(id) });
}
