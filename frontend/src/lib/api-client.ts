import {
  apiPath,
  type ApiError,
  type PathArguments,
  type ApiRoute,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@nexus/contract';

/** SPEC §7: a non-OK answer raises an error whose message is `status: text` (body, or status text). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
  }

  /** The server's own wording (`message` of the JSON error body), when it sent one. */
  get serverMessage(): string | null {
    return readServerMessage(this.body);
  }
}

export function readServerMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Partial<ApiError> | null;
    const message: unknown = parsed?.message;
    if (typeof message === 'string' && message.length > 0) return message;
    if (Array.isArray(message)) return message.filter((part) => typeof part === 'string').join(', ') || null;
    return null;
  } catch {
    return null;
  }
}

/** Best human-readable text for any error a call can raise. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.status === status;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Same-origin JSON call with credentials (SPEC §7 generic helper). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiRequestError(response.status, text, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A route's path parameters, query and body: each required when the route has one that is. */
export type ApiCallOptions<R extends ApiRoute> = ([keyof RouteParams<R>] extends [never]
  ? { params?: RouteParams<R> }
  : { params: RouteParams<R> }) &
  (R extends { query: unknown }
    ? object extends RouteQuery<R>
      ? { query?: RouteQuery<R> }
      : { query: RouteQuery<R> }
    : { query?: undefined }) &
  (R extends { body: unknown } ? { body: RouteBody<R> } : { body?: undefined }) & { signal?: AbortSignal };

/** The options argument, which a call with nothing required may leave out. */
export type ApiCallArguments<R extends ApiRoute> =
  object extends ApiCallOptions<R> ? [options?: ApiCallOptions<R>] : [options: ApiCallOptions<R>];

/** The path (with its query string) a call of the route goes to. */
export function apiCallPath<R extends ApiRoute>(route: R, options?: ApiCallOptions<R>): string {
  return apiPath(route, ...([options?.params, options?.query] as PathArguments<R>));
}

/**
 * A call of one of the API's routes (`API_ROUTES` of the contract): its method and path from the
 * table, its answer typed as the table says.
 */
export function apiCall<R extends ApiRoute>(
  route: R,
  ...[options]: ApiCallArguments<R>
): Promise<RouteResponse<R>> {
  const { body, signal } = (options ?? {}) as ApiCallOptions<R>;
  return apiRequest<RouteResponse<R>>(apiCallPath(route, options), {
    method: route.method,
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
  });
}

/**
 * `apiCall` whose failures first go to `onError`, which may raise an error of its own in place of
 * the one the call raised (a screen's own error type), or act on it (drop a session) and return.
 */
export function apiCallWith(onError: (error: unknown) => void) {
  return async <R extends ApiRoute>(route: R, ...options: ApiCallArguments<R>): Promise<RouteResponse<R>> => {
    try {
      return await apiCall(route, ...options);
    } catch (error) {
      onError(error);
      throw error;
    }
  };
}
