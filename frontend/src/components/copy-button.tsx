import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';

interface CopyButtonProps {
  /** What is copied. */
  value: string;
  /** What it is, for screen readers and the tooltip: "contract address", "token ID", … */
  label: string;
  /** Text of the button before copying (default "Copy"). */
  text?: string;
  testId?: string;
}

/** A small button that copies a value; "✓ Copied" for 2 s after (SPEC §9). */
export function CopyButton({ value, label, text = 'Copy', testId }: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <button
      type="button"
      className={`copy-button${copied ? ' copy-button--done' : ''}`}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      title={`Copy ${label}`}
      data-testid={testId}
      data-copied={copied || undefined}
      onClick={() => void copy(value)}
    >
      {copied ? '✓ Copied' : text}
    </button>
  );
}
