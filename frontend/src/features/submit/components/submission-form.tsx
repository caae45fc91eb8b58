import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NETWORK_LABELS,
  SUBMISSION_NETWORKS,
  SUBMISSION_TEXT_MAX,
  VOTING,
  type SubmissionCreatedResponse,
  type SubmissionInput,
} from '@nexus/contract';
import { VOTING_SUBMISSIONS_PATH } from '../../../api/voting-submissions';
import { toast } from '../../../components/toast/toast-store';
import {
  createSubmission,
  uploadSubmissionImages,
  type SubmissionImages,
} from '../api/collection-submissions';
import { submissionFailureToast, uploadFailureToast } from '../submission-failure';
import {
  SUBMISSION_FORM_DEFAULTS,
  submissionPayload,
  submissionResolver,
  type SubmissionFormValues,
} from '../submission-form';
import { Field, TextField } from './form-field';
import { ImageUploadField } from './image-upload-field';
import { LabelledOptions } from '../../../components/labelled-options';

type ImageKind = keyof SubmissionImages;
type UploadedImage = { file: File; url: string };

/** SPEC §3 social links of a submission, in the form's order. */
const SOCIAL_LINKS = [
  { name: 'website', label: 'Website', type: 'url', placeholder: 'https://...' },
  { name: 'discord', label: 'Discord', placeholder: 'https://discord.gg/...' },
  { name: 'twitter', label: 'Twitter', placeholder: 'https://twitter.com/...' },
  { name: 'telegram', label: 'Telegram', placeholder: 'https://t.me/...' },
] as const;

/** SPEC §3 images of a submission, uploaded before it is sent. */
const IMAGE_FIELDS = [
  { kind: 'banner', label: 'Banner Image', recommendedSize: '1200x300' },
  { kind: 'logo', label: 'Logo Image', recommendedSize: '200x200' },
] as const;

interface SubmissionFormProps {
  onSubmitted: (created: SubmissionCreatedResponse) => void;
}

export function SubmissionForm({ onSubmitted }: SubmissionFormProps) {
  const queryClient = useQueryClient();
  const [images, setImages] = useState<Record<ImageKind, File | null>>({ banner: null, logo: null });
  // An image already stored is not sent again when only the submission call has to be retried.
  const uploaded = useRef<Partial<Record<ImageKind, UploadedImage>>>({});
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SubmissionFormValues>({
    defaultValues: SUBMISSION_FORM_DEFAULTS,
    resolver: submissionResolver,
  });

  /** A field's id, registration and error message. */
  const fieldOf = (name: keyof SubmissionFormValues) => ({
    id: `submission-${name}`,
    registration: register(name),
    error: errors[name]?.message,
  });

  const upload = useMutation({ mutationFn: uploadSubmissionImages });
  const submit = useMutation({
    mutationFn: (input: SubmissionInput) => createSubmission(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOTING_SUBMISSIONS_PATH] }),
  });

  /** SPEC §7: the upload is called only when a file was chosen; its URLs fill bannerUrl/logoUrl. */
  const uploadChosenImages = async (): Promise<{ bannerUrl?: string; logoUrl?: string }> => {
    const pending: SubmissionImages = {};
    for (const kind of ['banner', 'logo'] as const) {
      const file = images[kind];
      if (file && uploaded.current[kind]?.file !== file) pending[kind] = file;
    }
    if (pending.banner || pending.logo) {
      const { files } = await upload.mutateAsync(pending);
      for (const kind of ['banner', 'logo'] as const) {
        const file = pending[kind];
        const url = files[kind];
        if (file && url) uploaded.current[kind] = { file, url };
      }
    }
    const urlOf = (kind: ImageKind) => {
      const stored = uploaded.current[kind];
      return stored && stored.file === images[kind] ? stored.url : undefined;
    };
    return { bannerUrl: urlOf('banner'), logoUrl: urlOf('logo') };
  };

  const onValid = async (values: SubmissionFormValues) => {
    let imageUrls: { bannerUrl?: string; logoUrl?: string };
    try {
      imageUrls = await uploadChosenImages();
    } catch (error) {
      toast(uploadFailureToast(error));
      return;
    }
    try {
      const created = await submit.mutateAsync(submissionPayload(values, imageUrls));
      toast({
        title: 'Collection Submitted!',
        description: 'Your collection has been submitted for community voting.',
        variant: 'success',
      });
      onSubmitted(created);
    } catch (error) {
      toast(submissionFailureToast(error));
    }
  };

  const busy = isSubmitting || upload.isPending || submit.isPending;
  const buttonText = upload.isPending
    ? 'Uploading Assets...'
    : submit.isPending
      ? 'Submitting...'
      : 'Submit for Community Voting';
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    // The disabled button drops focus; give it back once a failed attempt is over.
    if (wasBusy.current && !busy && document.activeElement === document.body) buttonRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  const chooseImage = (kind: ImageKind) => (file: File | null) =>
    setImages((current) => ({ ...current, [kind]: file }));

  return (
    <form className="submit-form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <div className="submit-form__body">
        <section className="card submit-section" aria-labelledby="submit-section-info">
          <h2 id="submit-section-info">Collection Information</h2>
          <div className="submit-grid">
            <TextField
              {...fieldOf('contractAddress')}
              label="Contract Address"
              required
              placeholder="0x..."
            />
            <Field id="submission-network" label="Network" required error={errors.network?.message}>
              {(control) => (
                <select {...control} {...register('network')} className="select-field__control submit-select">
                  <LabelledOptions values={SUBMISSION_NETWORKS} labels={NETWORK_LABELS} />
                </select>
              )}
            </Field>
          </div>
          <TextField {...fieldOf('name')} label="Collection Name" required placeholder="My NFT Collection" />
          <TextField
            {...fieldOf('description')}
            label="Description"
            multiline
            placeholder="Tell the community what makes this collection special..."
            maxLength={SUBMISSION_TEXT_MAX.description}
          />
        </section>

        <section className="card submit-section" aria-labelledby="submit-section-assets">
          <h2 id="submit-section-assets">Collection Assets</h2>
          <div className="submit-grid submit-grid--assets">
            {IMAGE_FIELDS.map(({ kind, ...field }) => (
              <ImageUploadField
                key={kind}
                kind={kind}
                {...field}
                file={images[kind]}
                disabled={busy}
                onChange={chooseImage(kind)}
              />
            ))}
          </div>
        </section>

        <section className="card submit-section" aria-labelledby="submit-section-social">
          <h2 id="submit-section-social">Social Links</h2>
          <div className="submit-grid">
            {SOCIAL_LINKS.map(({ name, ...link }) => (
              <TextField key={name} {...fieldOf(name)} {...link} maxLength={SUBMISSION_TEXT_MAX.link} />
            ))}
          </div>
        </section>

        <section className="card submit-section" aria-labelledby="submit-section-contact">
          <h2 id="submit-section-contact">Contact Information</h2>
          <p className="muted">Only the Nexus team sees these, to reach you about your submission.</p>
          <div className="submit-grid">
            <TextField
              {...fieldOf('submitterEmail')}
              label="Email (optional)"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              maxLength={SUBMISSION_TEXT_MAX.contact}
            />
            <TextField
              {...fieldOf('submitterContact')}
              label="Discord/Telegram Handle"
              placeholder="@username"
              maxLength={SUBMISSION_TEXT_MAX.contact}
            />
          </div>
        </section>

        <aside className="card submit-note" aria-labelledby="submit-note-title">
          <h2 id="submit-note-title">Want to be Featured?</h2>
          <p className="muted">
            Featured placement requires opening a ticket in our community chat server after your collection is
            approved.
          </p>
        </aside>

        <div className="submit-actions">
          <p className="muted submit-actions__text">
            Your collection is open for community voting for {VOTING.durationDays} days.
          </p>
          <button
            ref={buttonRef}
            type="submit"
            className="button button--primary submit-actions__button"
            disabled={busy}
          >
            {busy ? <span className="spinner submit-actions__spinner" aria-hidden="true" /> : null}
            {buttonText}
          </button>
          <p className="sr-only" role="status">
            {busy ? buttonText : ''}
          </p>
        </div>
      </div>
    </form>
  );
}
