import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  UploadResponse,
  WhitelistedCollection,
  WhitelistedCollectionInput,
  WhitelistedCollectionPatch,
} from '@nexus/contract';
import { adminRequest, publicKeys } from './admin-request';

const PATH = '/api/whitelisted-collections';

export type SaveCollection =
  | { mode: 'add'; input: WhitelistedCollectionInput }
  | { mode: 'edit'; id: string; patch: WhitelistedCollectionPatch };

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCollection) =>
      save.mode === 'add'
        ? adminRequest<WhitelistedCollection>(PATH, { method: 'POST', body: save.input })
        : adminRequest<WhitelistedCollection>(`${PATH}/${encodeURIComponent(save.id)}`, {
            method: 'PATCH',
            body: save.patch,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKeys.whitelist }),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<unknown>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKeys.whitelist }),
  });
}

/** POST /api/upload: a logo or banner image, answered with the URL it is served from. */
export async function uploadAdminImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await adminRequest<Partial<UploadResponse> | undefined>('/api/upload', {
    method: 'POST',
    body: form,
  });
  if (!answer?.url) throw new Error('Upload failed');
  return answer.url;
}
