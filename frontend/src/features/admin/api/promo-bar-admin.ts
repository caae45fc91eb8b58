import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, type PromoBarSettingsInput } from '@nexus/contract';
import { adminKeys, adminRequest, publicKeys, useAdminMutation } from './admin-request';

export function usePromoBarSettings() {
  return useQuery({
    queryKey: adminKeys.promoBarSettings,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.promoBarSettings, { signal }),
    refetchOnMount: 'always',
  });
}

export interface PromoBarSave {
  settings: PromoBarSettingsInput;
  video: File | null;
}

/** PUT /api/admin/promo-bar-settings: multipart 'settings' (JSON of the merged settings) and 'video'. */
export function useSavePromoBarSettings() {
  return useAdminMutation(
    ({ settings, video }: PromoBarSave) => {
      const form = new FormData();
      form.append('settings', JSON.stringify(settings));
      if (video) form.append('video', video);
      return adminRequest(API_ROUTES.savePromoBarSettings, { body: form });
    },
    // SPEC §4: after a successful save the settings are refetched (the save stays pending until then).
    [adminKeys.promoBarSettings, publicKeys.promoBarSettings],
    'success',
  );
}
