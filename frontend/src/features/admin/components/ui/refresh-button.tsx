/** Reads a query again on demand; says so while any read of it runs. */
export function RefreshButton({
  query,
}: {
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
    >
      {query.isFetching ? 'Refreshing...' : 'Refresh'}
    </button>
  );
}
