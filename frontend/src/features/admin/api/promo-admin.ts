import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, type PromoAssetToggle } from '@nexus/contract';
import { apiCallPath, readServerMessage } from '../../../lib/api-client';
import { useAdminSession } from '../stores/admin-session-store';
import { adminKeys, adminRequest, publicKeys, useAdminMutation } from './admin-request';

export function usePromoAssets() {
  return useQuery({
    queryKey: adminKeys.promoAssets,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.promoAssets, { signal }),
    refetchOnMount: 'always',
  });
}

/** What a change of the assets makes stale: the admin list and the visitors' active assets. */
const ASSET_QUERIES = [adminKeys.promoAssets, publicKeys.activePromoAssets];

export function useTogglePromoAsset() {
  return useAdminMutation(
    ({ id, isActive }: { id: string } & PromoAssetToggle) =>
      adminRequest(API_ROUTES.togglePromoAsset, { params: { id }, body: { isActive } }),
    ASSET_QUERIES,
  );
}

export function useDeletePromoAsset() {
  return useAdminMutation(
    (id: string) => adminRequest(API_ROUTES.deletePromoAsset, { params: { id } }),
    ASSET_QUERIES,
  );
}

export interface PromoUploadFields {
  file: File;
  name: string;
  title: string;
  description: string;
  promotionalUrl: string;
}

/** A failed upload, worded for the 'Upload failed' toast (SPEC §8). */
export class PromoUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PromoUploadError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error - please check your connection and try again';

/**
 * POST /api/promo-assets/upload. XMLHttpRequest rather than fetch: it reports upload progress,
 * which matters for files up to 100 MB.
 */
export function uploadPromoAsset(
  fields: PromoUploadFields,
  onProgress: (percent: number) => void,
): Promise<void> {
  const form = new FormData();
  form.append('file', fields.file);
  form.append('name', fields.name);
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('promotionalUrl', fields.promotionalUrl);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const route = API_ROUTES.uploadPromoAsset;
    request.open(route.method, apiCallPath(route));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new PromoUploadError(NETWORK_ERROR_MESSAGE, 0));
    request.onabort = () => reject(new PromoUploadError(NETWORK_ERROR_MESSAGE, 0));
    request.onload = () => {
      const { status, responseText } = request;
      if (status >= 200 && status < 300) {
        resolve();
        return;
      }
      if (status === 401) useAdminSession.getState().signOut();
      reject(
        new PromoUploadError(
          readServerMessage(responseText) ?? `Upload failed with status ${status}`,
          status,
        ),
      );
    };
    request.send(form);
  });
}
