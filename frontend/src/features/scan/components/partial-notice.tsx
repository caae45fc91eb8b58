import { INCOMPLETE_REASONS, type NftsResponse } from '@nexus/contract';

/**
 * Says on screen that a scan's answer is only part of the wallet or collection, and why: a short
 * list is never shown as if it were whole. Nothing for a complete answer.
 */
export function PartialNotice({ answer }: { answer: Pick<NftsResponse, 'isComplete' | 'incompleteReason'> }) {
  if (answer.isComplete) return null;
  return (
    <span className="partial-notice" role="status" data-testid="partial-notice">
      Partial results: {answer.incompleteReason ?? INCOMPLETE_REASONS.partial}
    </span>
  );
}
