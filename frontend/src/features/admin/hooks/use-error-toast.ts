import { useEffect } from 'react';
import { toast } from '../../../components/toast/toast-store';
import { isApiStatus } from '../../../lib/api-client';

interface FailingQuery {
  error: unknown;
  errorUpdatedAt: number;
}

/**
 * One destructive toast per failed fetch of a query (polling failures included). A 401 gets none:
 * the screen itself turns into the access notice.
 */
export function useQueryErrorToast(query: FailingQuery, title: string): void {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error || isApiStatus(error, 401)) return;
    toast({ title, variant: 'destructive' });
  }, [error, errorUpdatedAt, title]);
}
