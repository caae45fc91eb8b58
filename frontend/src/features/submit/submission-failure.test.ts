import { describe, expect, it } from '@jest/globals';
import { SubmissionRequestError } from './api/collection-submissions';
import { submissionFailureToast, uploadFailureToast } from './submission-failure';

const answer = (status: number, message: string) =>
  new SubmissionRequestError(status, JSON.stringify({ statusCode: status, message }));

describe(SubmissionRequestError.name, () => {
  it("reads 'HTTP {status}: {body}' (SPEC §7)", () => {
    expect(new SubmissionRequestError(409, '{"message":"x"}').message).toBe('HTTP 409: {"message":"x"}');
  });
});

describe(submissionFailureToast.name, () => {
  it.each([
    [answer(400, 'Validation failed: name'), 'Validation Error', 'Validation failed: name'],
    [
      answer(409, 'This collection has already been submitted for this network'),
      'Already Submitted',
      'This collection has already been submitted for this network',
    ],
    [
      new Error('duplicate key value violates unique constraint'),
      'Already Submitted',
      'This collection has already been submitted for this network',
    ],
    [
      new Error('Database unavailable'),
      'Connection Error',
      'Database connection failed. Please check your internet connection and try again',
    ],
    [
      answer(401, 'Unauthorized'),
      'Session Expired',
      'Your session has expired. Please refresh the page and try again',
    ],
    [
      answer(500, 'Internal server error'),
      'Server Error',
      'Server error occurred. Please try again in a few moments',
    ],
    [
      answer(400, 'network must be one of ethereum, polygon, cronos'),
      'Submission Failed',
      'network must be one of ethereum, polygon, cronos',
    ],
    [new TypeError('Failed to fetch'), 'Submission Failed', 'Failed to fetch'],
    ['not an error', 'Submission Failed', 'Failed to submit collection'],
  ])('%s → %s (SPEC §8, first match wins)', (error, title, description) => {
    expect(submissionFailureToast(error)).toEqual({ title, description, variant: 'destructive' });
  });
});

describe(uploadFailureToast.name, () => {
  it("is titled 'Upload failed', with the server's reason when it gave one", () => {
    expect(uploadFailureToast(answer(400, 'banner must be an image'))).toMatchObject({
      title: 'Upload failed',
      description: 'banner must be an image',
    });
    expect(uploadFailureToast(new TypeError('Failed to fetch')).title).toBe('Upload failed');
  });
});
