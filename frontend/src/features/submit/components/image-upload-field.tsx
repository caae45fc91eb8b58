import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { SUBMISSION_IMAGE } from '@nexus/contract';
import { toast } from '../../../components/toast/toast-store';
import { imageFileProblem } from '../image-file';

const MAX_MEGABYTES = SUBMISSION_IMAGE.maxBytes / (1024 * 1024);

interface ImageUploadFieldProps {
  /** 'banner' or 'logo': names the input and shapes the preview. */
  kind: 'banner' | 'logo';
  label: string;
  /** SPEC §2 recommended size, e.g. '1200x300'. */
  recommendedSize: string;
  file: File | null;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/** A data URL of the chosen file for the preview (FileReader: no object URL to revoke). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/**
 * An image picker with preview and remove (SPEC §2 Collection Assets). The native file input
 * stays in the tab order (visually hidden, its label is the drop zone), so a keyboard opens it.
 */
export function ImageUploadField({
  kind,
  label,
  recommendedSize,
  file,
  disabled,
  onChange,
}: ImageUploadFieldProps) {
  const inputId = `submission-${kind}`;
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const focusAfterChange = useRef<'input' | 'remove' | null>(null);
  const preview = usePreview(file);

  useEffect(() => {
    // Keep focus where the visitor was: on Remove after choosing, on the picker after removing.
    if (focusAfterChange.current === 'remove') removeRef.current?.focus();
    if (focusAfterChange.current === 'input') inputRef.current?.focus();
    focusAfterChange.current = null;
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after a refusal or a removal.
    event.target.value = '';
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    if (problem) {
      toast(problem);
      return;
    }
    focusAfterChange.current = 'remove';
    onChange(chosen);
  };

  const remove = () => {
    focusAfterChange.current = 'input';
    onChange(null);
  };

  return (
    <div className={`field image-field image-field--${kind}`}>
      <span className="field__label" id={`${inputId}-label`}>
        {label}
      </span>
      {file ? (
        <div className="image-field__chosen">
          <div className="image-field__preview">
            {preview ? <img src={preview} alt={`${label} preview`} /> : null}
          </div>
          <div className="image-field__meta">
            <span className="image-field__name" title={file.name}>
              {file.name}
            </span>
            <button
              ref={removeRef}
              type="button"
              className="button button--ghost image-field__remove"
              onClick={remove}
              disabled={disabled}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              Remove
            </button>
          </div>
        </div>
      ) : (
        <>
          <input
            ref={inputRef}
            id={inputId}
            name={kind}
            type="file"
            accept="image/*"
            className="sr-only image-field__input"
            aria-labelledby={`${inputId}-label ${inputId}-action`}
            aria-describedby={hintId}
            onChange={choose}
            disabled={disabled}
          />
          <label htmlFor={inputId} className="image-field__drop">
            <span className="image-field__icon" aria-hidden="true">
              ⇪
            </span>
            <span id={`${inputId}-action`}>Choose {kind} image</span>
            <span className="image-field__types">PNG, JPG, GIF or WebP, up to {MAX_MEGABYTES}MB</span>
          </label>
        </>
      )}
      <p id={hintId} className="submit-field__hint">
        Recommended: {recommendedSize}
      </p>
    </div>
  );
}
