import { EmptyState } from '../../../../components/empty-state';
import { errorText } from '../../../../lib/api-client';

/** A query that could not be read: its error (else `fallback`) and a button that reads it again. */
export function LoadFailed({
  title,
  query,
  fallback = '',
  testId,
}: {
  title: string;
  query: { error: unknown; refetch: () => Promise<unknown> };
  fallback?: string;
  testId?: string;
}) {
  return (
    <EmptyState title={title} description={errorText(query.error, fallback)} testId={testId}>
      <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
        Retry
      </button>
    </EmptyState>
  );
}
