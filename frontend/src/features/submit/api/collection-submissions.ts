import {
  API_ROUTES,
  type SubmissionCreatedResponse,
  type SubmissionInput,
  type SubmissionUploadResponse,
} from '@nexus/contract';
import { apiCallWith, ApiRequestError, readServerMessage } from '../../../lib/api-client';

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

const submissionRequest = apiCallWith((error) => {
  if (error instanceof ApiRequestError) throw new SubmissionRequestError(error.status, error.body);
});

export interface SubmissionImages {
  banner?: File;
  logo?: File;
}

/** POST /api/collection-submissions/upload: multipart with the chosen banner and/or logo. */
export function uploadSubmissionImages(images: SubmissionImages): Promise<SubmissionUploadResponse> {
  const body = new FormData();
  if (images.banner) body.append('banner', images.banner);
  if (images.logo) body.append('logo', images.logo);
  return submissionRequest(API_ROUTES.uploadSubmissionImages, { body });
}

/** POST /api/collection-submissions: the submission enters community voting. */
export function createSubmission(input: SubmissionInput): Promise<SubmissionCreatedResponse> {
  return submissionRequest(API_ROUTES.createSubmission, { body: input });
}
