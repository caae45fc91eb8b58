/** Error body of every 4xx/5xx answer. */
export interface ApiError {
  statusCode: number;
  message: string;
  error?: string;
}
