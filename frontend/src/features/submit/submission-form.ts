import type { FieldErrors, Resolver } from 'react-hook-form';
import { SUBMISSION_DEFAULT_NETWORK, validateSubmission, type SubmissionInput } from '@nexus/contract';

/** What the form edits: every SPEC §3 payload field but the image URLs, which the upload fills. */
export type SubmissionFormValues = Required<Omit<SubmissionInput, 'bannerUrl' | 'logoUrl'>>;

export const SUBMISSION_FORM_DEFAULTS: SubmissionFormValues = {
  contractAddress: '',
  network: SUBMISSION_DEFAULT_NETWORK,
  name: '',
  description: '',
  website: '',
  discord: '',
  twitter: '',
  telegram: '',
  submitterEmail: '',
  submitterContact: '',
};

/** The form's rules are the server's (SPEC §5, `validateSubmission` of the contract). */
export const submissionResolver: Resolver<SubmissionFormValues> = (values) => {
  const problems = Object.entries(validateSubmission({ ...values }));
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<SubmissionFormValues> = {};
  for (const [field, message] of problems) {
    if (field in values) errors[field as keyof SubmissionFormValues] = { type: 'validate', message };
  }
  return { values: {}, errors };
};

/** The JSON body: trimmed text, optional fields left out when blank, image URLs from the upload. */
export function submissionPayload(
  values: SubmissionFormValues,
  images: { bannerUrl?: string; logoUrl?: string },
): SubmissionInput {
  const optional = (value: string | undefined): string | undefined => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const payload: SubmissionInput = {
    contractAddress: values.contractAddress.trim(),
    network: values.network,
    name: values.name.trim(),
    description: optional(values.description),
    website: optional(values.website),
    discord: optional(values.discord),
    twitter: optional(values.twitter),
    telegram: optional(values.telegram),
    submitterEmail: optional(values.submitterEmail),
    submitterContact: optional(values.submitterContact),
    bannerUrl: optional(images.bannerUrl),
    logoUrl: optional(images.logoUrl),
  };
  // JSON.stringify drops undefined members; removing them here keeps the object honest too.
  for (const key of Object.keys(payload) as Array<keyof SubmissionInput>) {
    if (payload[key] === undefined) delete payload[key];
  }
  return payload;
}
