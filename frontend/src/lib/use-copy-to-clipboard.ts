import { useEffect, useRef, useState } from 'react';
import { toast } from '../components/toast/toast-store';

/** SPEC §9: the copied state lasts 2 s. */
export const COPIED_STATE_MS = 2000;

/**
 * Copies text; `copied` is true for 2 s after a success, a failure shows the SPEC §8 toast. Falls
 * back to a hidden text area where the Clipboard API is missing (a page served over plain http).
 */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(text);
      else if (!copyWithTextArea(text)) throw new Error('Clipboard unavailable');
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

function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
