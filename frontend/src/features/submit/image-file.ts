import { SUBMISSION_IMAGE } from '@nexus/contract';
import type { ToastInput } from '../../components/toast/toast-store';

/** SPEC §5 submission images: an image type, at most 10 MB. The problem as a toast, or null. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ToastInput | null {
  if (!file.type.startsWith('image/')) return { ...SUBMISSION_IMAGE.invalidType, variant: 'destructive' };
  if (file.size > SUBMISSION_IMAGE.maxBytes) return { ...SUBMISSION_IMAGE.tooLarge, variant: 'destructive' };
  return null;
}
