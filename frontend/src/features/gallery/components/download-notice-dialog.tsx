import { useState } from 'react';
import { AppDialog } from '../../../components/dialog/app-dialog';
import { CancelButton } from '../../../components/cancel-button';

interface DownloadNoticeDialogProps {
  open: boolean;
  onConfirm: (skipNextTime: boolean) => void;
  onCancel: () => void;
}

export function DownloadNoticeDialog({ open, onConfirm, onCancel }: DownloadNoticeDialogProps) {
  const [skip, setSkip] = useState(false);
  return (
    <AppDialog open={open} onClose={onCancel} title="Download Notice" testId="download-notice">
      <p className="muted">
        NFT artwork may be protected by copyright and other intellectual property rights held by its creators.
        Download images for personal use only, and respect the rights of the artists and collection owners.
      </p>
      <label className="check download-notice__check">
        <input type="checkbox" checked={skip} onChange={(event) => setSkip(event.target.checked)} />
        <span className="check__label">Don&apos;t show this message again</span>
      </label>
      <div className="dialog__actions">
        <CancelButton onCancel={onCancel} />
        <button type="button" className="button button--primary" onClick={() => onConfirm(skip)}>
          Download
        </button>
      </div>
    </AppDialog>
  );
}
