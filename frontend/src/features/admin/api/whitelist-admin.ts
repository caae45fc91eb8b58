import {
  API_ROUTES,
  type UploadResponse,
  type WhitelistedCollectionInput,
  type WhitelistedCollectionPatch,
} from '@nexus/contract';
import { adminRequest, publicKeys, useAdminMutation } from './admin-request';

export type SaveCollection =
  | { mode: 'add'; input: WhitelistedCollectionInput }
  | { mode: 'edit'; id: string; patch: WhitelistedCollectionPatch };

export function useSaveCollection() {
  return useAdminMutation(
    (save: SaveCollection) =>
      save.mode === 'add'
        ? adminRequest(API_ROUTES.addWhitelistedCollection, { body: save.input })
        : adminRequest(API_ROUTES.updateWhitelistedCollection, { params: { id: save.id }, body: save.patch }),
    [publicKeys.whitelist],
    'success',
  );
}

export function useDeleteCollection() {
  return useAdminMutation(
    (id: string) => adminRequest(API_ROUTES.deleteWhitelistedCollection, { params: { id } }),
    [publicKeys.whitelist],
    'success',
  );
}

/** POST /api/upload: a logo or banner image, answered with the URL it is served from. */
export async function uploadAdminImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer: Partial<UploadResponse> | undefined = await adminRequest(API_ROUTES.upload, { body: form });
  if (!answer?.url) throw new Error('Upload failed');
  return answer.url;
}
