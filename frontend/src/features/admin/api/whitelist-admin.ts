import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  type UploadResponse,
  type WhitelistedCollectionInput,
  type WhitelistedCollectionPatch,
} from '@nexus/contract';
import { adminRequest, publicKeys } from './admin-request';

export type SaveCollection =
  | { mode: 'add'; input: WhitelistedCollectionInput }
  | { mode: 'edit'; id: string; patch: WhitelistedCollectionPatch };

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCollection) =>
      save.mode === 'add'
        ? adminRequest(API_ROUTES.addWhitelistedCollection, { body: save.input })
        : adminRequest(API_ROUTES.updateWhitelistedCollection, { params: { id: save.id }, body: save.patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKeys.whitelist }),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(API_ROUTES.deleteWhitelistedCollection, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKeys.whitelist }),
  });
}

/** POST /api/upload: a logo or banner image, answered with the URL it is served from. */
export async function uploadAdminImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer: Partial<UploadResponse> | undefined = await adminRequest(API_ROUTES.upload, { body: form });
  if (!answer?.url) throw new Error('Upload failed');
  return answer.url;
}
