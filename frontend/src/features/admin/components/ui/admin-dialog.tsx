import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { DialogLayer } from '../../../../components/dialog/app-dialog';
import '../../../../components/dialog/app-dialog.css';
import './admin-dialog.css';

interface AdminDialogProps {
  open: boolean;
  /** Escape or the ×: the owner closes the dialog. */
  onClose: () => void;
  title: string;
  description?: string;
  testId?: string;
  children: ReactNode;
}

/** A modal form of the admin screens (Escape and the × close it). */
export function AdminDialog({ open, onClose, title, description, testId, children }: AdminDialogProps) {
  return (
    <DialogLayer parts={Dialog} open={open} onClose={onClose}>
      <Dialog.Content
        className="dialog admin-dialog admin-dialog--wide"
        data-testid={testId}
        {...(description ? {} : { 'aria-describedby': undefined })}
        // A click outside must not throw away a half-filled form.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <Dialog.Title className="admin-dialog__title">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="admin-dialog__description">{description}</Dialog.Description>
        ) : null}
        {children}
        <Dialog.Close className="dialog__close" aria-label="Close">
          ×
        </Dialog.Close>
      </Dialog.Content>
    </DialogLayer>
  );
}
