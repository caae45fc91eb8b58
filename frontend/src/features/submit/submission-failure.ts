import { SUBMISSION_MESSAGES } from '@nexus/contract';
import type { ToastInput } from '../../components/toast/toast-store';
import { SubmissionRequestError } from './api/collection-submissions';

/** The text a visitor can read: the server's message when it sent one, else the error's. */
function readableMessage(error: unknown): string | null {
  if (error instanceof SubmissionRequestError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/**
 * SPEC §8 submission failure: the toast is chosen by matching the error text ('HTTP {status}:
 * {body}' for an answer of the server), first match wins.
 */
export function submissionFailureToast(error: unknown): ToastInput {
  const full = error instanceof Error ? error.message : '';
  const text = full.toLowerCase();
  const message = readableMessage(error);
  const toast = (title: string, description: string): ToastInput => ({
    title,
    description,
    variant: 'destructive',
  });
  if (text.includes('validation')) return toast('Validation Error', message ?? full);
  if (text.includes('duplicate') || text.includes('already been submitted')) {
    return toast('Already Submitted', SUBMISSION_MESSAGES.duplicate);
  }
  if (text.includes('database') || text.includes('connection')) {
    return toast(
      'Connection Error',
      'Database connection failed. Please check your internet connection and try again',
    );
  }
  if (text.includes('session') || text.includes('unauthorized')) {
    return toast('Session Expired', 'Your session has expired. Please refresh the page and try again');
  }
  if (text.includes('500') || text.includes('server')) {
    return toast('Server Error', 'Server error occurred. Please try again in a few moments');
  }
  return toast('Submission Failed', message ?? 'Failed to submit collection');
}

/** SPEC §8 upload failure of the banner or logo. */
export function uploadFailureToast(error: unknown): ToastInput {
  const serverMessage = error instanceof SubmissionRequestError ? error.serverMessage : null;
  return {
    title: 'Upload failed',
    description: serverMessage ?? 'Your images could not be uploaded. Please try again.',
    variant: 'destructive',
  };
}
