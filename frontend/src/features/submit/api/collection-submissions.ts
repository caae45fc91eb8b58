import type { SubmissionCreatedResponse, SubmissionInput, SubmissionUploadResponse } from '@nexus/contract';
import {
  apiRequest,
  ApiRequestError,
  readServerMessage,
  type ApiRequestOptions,
} from '../../../lib/api-client';

/** SPEC §7: a failed submission call raises 'HTTP {status}: {body}'. */
export class SubmissionRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
    this.name = 'SubmissionRequestError';
  }

  /** The server's own wording (`message` of the JSON error body), when it sent one. */
  get serverMessage(): string | null {
    return readServerMessage(this.body);
  }
}

async function submissionRequest<T>(path: string, options: ApiRequestOptions): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiRequestError) throw new SubmissionRequestError(error.status, error.body);
    throw error;
  }
}

export interface SubmissionImages {
  banner?: File;
  logo?: File;
}

/** POST /api/collection-submissions/upload: multipart with the chosen banner and/or logo. */
export function uploadSubmissionImages(images: SubmissionImages): Promise<SubmissionUploadResponse> {
  const body = new FormData();
  if (images.banner) body.append('banner', images.banner);
  if (images.logo) body.append('logo', images.logo);
  return submissionRequest<SubmissionUploadResponse>('/api/collection-submissions/upload', {
    method: 'POST',
    body,
  });
}

/** POST /api/collection-submissions: the submission enters community voting. */
export function createSubmission(input: SubmissionInput): Promise<SubmissionCreatedResponse> {
  return submissionRequest<SubmissionCreatedResponse>('/api/collection-submissions', {
    method: 'POST',
    body: input,
  });
}
