/** Error body of every 4xx/5xx answer. */
export interface ApiError {
  statusCode: number;
  message: string;
  error?: string;
  /** Also in the `X-Request-Id` header: names the request in the server log. */
  requestId?: string;
}
