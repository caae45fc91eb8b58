import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toast/toast-store';

/** SPEC §9: the copied state lasts 2 s. */
export const COPIED_STATE_MS = 2000;

/** Copies text; `copied` is true for 2 s after a success, a failure shows the SPEC §8 toast. */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Please copy the address manually',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
  };
  return { copied, copy };
}
