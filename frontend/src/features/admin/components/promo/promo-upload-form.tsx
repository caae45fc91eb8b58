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
import { FileField, TextField } from '../ui/fields';
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

  /** The props every text control of the form shares: its id, its value and its change. */
  const bind = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
    disabled: uploading,
  });

  return (
    <form className="card admin-promo-upload" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Upload New Asset</h2>
      <p className="muted">
        Images: {PROMO_UPLOAD.imageExtensions.join(', ')}. Videos: {PROMO_UPLOAD.videoExtensions.join(', ')}.
        Up to 100MB.
      </p>
      <FileField
        id={`${id}-file`}
        label="File *"
        inputRef={fileInput}
        accept={PROMO_UPLOAD.accept}
        disabled={uploading}
        onPick={pick}
        testId="promo-file"
      >
        {file ? (
          <span className="muted admin-file-field__chosen">
            {file.name} ({formatBytes(file.size)})
          </span>
        ) : null}
      </FileField>
      <div className="admin-form-grid">
        <TextField
          label="Name *"
          {...bind('name')}
          maxLength={PROMO_UPLOAD.nameMax}
          placeholder="Internal name of the asset"
        />
        <TextField
          label="Title"
          {...bind('title')}
          maxLength={PROMO_UPLOAD.textMax}
          placeholder="Shown over the promo"
        />
        <label className="field admin-form-grid__wide" htmlFor={`${id}-description`}>
          <span className="field__label">Description</span>
          <textarea
            {...bind('description')}
            className="text-field admin-textarea"
            rows={2}
            maxLength={PROMO_UPLOAD.textMax}
          />
        </label>
        <div className="field admin-form-grid__wide">
          <label className="field__label" htmlFor={`${id}-promotionalUrl`}>
            Learn More URL
          </label>
          <input
            {...bind('promotionalUrl')}
            className="text-field"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            aria-invalid={urlInvalid}
            aria-describedby={urlInvalid ? `${id}-promotionalUrl-error` : undefined}
          />
          {urlInvalid ? (
            <span className="admin-field-error" id={`${id}-promotionalUrl-error`}>
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
