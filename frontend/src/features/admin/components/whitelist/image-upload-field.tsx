import { ADMIN_IMAGE_MAX_BYTES, SUBMISSION_IMAGE } from '@nexus/contract';
import { useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { mediaImageUrl } from '../../../../lib/image-url';
import { uploadAdminImage } from '../../api/whitelist-admin';
import './image-upload-field.css';

interface ImageUploadFieldProps {
  kind: 'logo' | 'banner';
  label: string;
  value: string;
  onUploaded: (url: string) => void;
  /** The URL text input (registered with the form). */
  children: ReactNode;
}

/** An image URL typed in, or a file uploaded through POST /api/upload, with a preview. */
export function ImageUploadField({ kind, label, value, onUploaded, children }: ImageUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast({ ...SUBMISSION_IMAGE.invalidType, variant: 'destructive' });
      return;
    }
    if (file.size > ADMIN_IMAGE_MAX_BYTES) {
      toast({ ...SUBMISSION_IMAGE.tooLarge, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadAdminImage(file));
    } catch (error) {
      toast({
        title: kind === 'logo' ? 'Failed to upload logo' : 'Failed to upload banner',
        description: errorText(error, 'Upload failed'),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="field admin-image-field">
      <span className="field__label">{label}</span>
      <div className="admin-image-field__row">
        {children}
        <button
          type="button"
          className="button button--ghost"
          disabled={uploading}
          onClick={() => input.current?.click()}
          aria-label={`Upload ${kind}`}
        >
          {uploading ? <Spinner size="sm" label="Uploading..." /> : 'Upload'}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid={`${kind}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {mediaImageUrl(value) ? (
        <img
          className={`admin-image-field__preview admin-image-field__preview--${kind}`}
          src={mediaImageUrl(value)}
          alt={`${label} preview`}
        />
      ) : null}
    </div>
  );
}
