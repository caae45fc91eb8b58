import { PROMO_MESSAGES, PROMO_UPLOAD } from '@nexus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../../components/toast/toast-store';
import { ProgressBar } from '../../../../components/progress-bar';
import { adminKeys, publicKeys } from '../../api/admin-request';
import { uploadPromoAsset } from '../../api/promo-admin';
import {
  formatBytes,
  isLearnMoreUrl,
  promoFileProblem,
  promoUploadProblem,
} from '../../lib/promo-upload-logic';
import './promo-upload-form.css';

const EMPTY = { name: '', title: '', description: '', promotionalUrl: '' };

/** Upload of a promo video or image with its texts (SPEC §5 rules), with progress. */
export function PromoUploadForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState(EMPTY);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const urlInvalid = !isLearnMoreUrl(fields.promotionalUrl);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = promoFileProblem(picked);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      setFile(null);
      return;
    }
    setFile(picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const problem = promoUploadProblem({ file, name: fields.name, promotionalUrl: fields.promotionalUrl });
    if (problem || !file) {
      toast({ ...(problem ?? PROMO_MESSAGES.noFile), variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      await uploadPromoAsset(
        {
          file,
          name: fields.name.trim(),
          title: fields.title.trim(),
          description: fields.description.trim(),
          promotionalUrl: fields.promotionalUrl.trim(),
        },
        setProgress,
      );
      toast({
        title: 'Upload successful',
        description: `${fields.name.trim()} was uploaded.`,
        variant: 'success',
      });
      setFields(EMPTY);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.promoAssets }),
        queryClient.invalidateQueries({ queryKey: publicKeys.activePromoAssets }),
      ]);
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className="card admin-promo-upload" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Upload New Asset</h2>
      <p className="muted">
        Images: {PROMO_UPLOAD.imageExtensions.join(', ')}. Videos: {PROMO_UPLOAD.videoExtensions.join(', ')}.
        Up to 100MB.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          File *
        </label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          className="admin-file-field"
          type="file"
          accept={PROMO_UPLOAD.accept}
          disabled={uploading}
          onChange={(event) => pick(event.target.files?.[0])}
          data-testid="promo-file"
        />
        {file ? (
          <span className="muted admin-file-field__chosen">
            {file.name} ({formatBytes(file.size)})
          </span>
        ) : null}
      </div>
      <div className="admin-form-grid">
        <label className="field" htmlFor={`${id}-name`}>
          <span className="field__label">Name *</span>
          <input
            id={`${id}-name`}
            className="text-field"
            value={fields.name}
            onChange={set('name')}
            maxLength={PROMO_UPLOAD.nameMax}
            disabled={uploading}
            placeholder="Internal name of the asset"
          />
        </label>
        <label className="field" htmlFor={`${id}-title`}>
          <span className="field__label">Title</span>
          <input
            id={`${id}-title`}
            className="text-field"
            value={fields.title}
            onChange={set('title')}
            maxLength={PROMO_UPLOAD.textMax}
            disabled={uploading}
            placeholder="Shown over the promo"
          />
        </label>
        <label className="field admin-form-grid__wide" htmlFor={`${id}-description`}>
          <span className="field__label">Description</span>
          <textarea
            id={`${id}-description`}
            className="text-field admin-textarea"
            rows={2}
            value={fields.description}
            onChange={set('description')}
            maxLength={PROMO_UPLOAD.textMax}
            disabled={uploading}
          />
        </label>
        <div className="field admin-form-grid__wide">
          <label className="field__label" htmlFor={`${id}-url`}>
            Learn More URL
          </label>
          <input
            id={`${id}-url`}
            className="text-field"
            type="url"
            inputMode="url"
            value={fields.promotionalUrl}
            onChange={set('promotionalUrl')}
            disabled={uploading}
            placeholder="https://example.com"
            aria-invalid={urlInvalid}
            aria-describedby={urlInvalid ? `${id}-url-error` : undefined}
          />
          {urlInvalid ? (
            <span className="admin-field-error" id={`${id}-url-error`}>
              {PROMO_MESSAGES.invalidUrl}
            </span>
          ) : null}
        </div>
      </div>
      {uploading ? (
        <div className="admin-upload-progress" aria-live="polite">
          <ProgressBar percent={progress} label="Upload progress" thin />
          <span className="muted">Uploading... {progress}%</span>
        </div>
      ) : null}
      <div className="admin-form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={uploading || !file || fields.name.trim() === ''}
        >
          {uploading ? 'Uploading...' : 'Upload Asset'}
        </button>
      </div>
    </form>
  );
}
