import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type {
  ApiRoute,
  CursorPage,
  CursorQuery,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@nexus/contract';
import { apiCall, type ApiCallArguments } from './api-client';

/** A route answering one page of a list of the transfer index. */
type CursorRoute = ApiRoute & { query: CursorQuery; response: CursorPage<unknown> };

/**
 * A list of the transfer index, read by cursor: a page's `next` is the following page's `cursor`.
 * `query` (a feed's filter) goes with every page.
 */
export function cursorListQuery<R extends CursorRoute, K extends QueryKey>(
  queryKey: K,
  route: R,
  params: RouteParams<R>,
  query?: Omit<RouteQuery<R>, 'cursor'>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }): Promise<RouteResponse<R>> =>
      apiCall(
        route,
        ...([
          { params, query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal },
        ] as unknown as ApiCallArguments<R>),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}
