import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { DialogLayer } from '../../../../components/dialog/app-dialog';
import '../../../../components/dialog/app-dialog.css';
import './admin-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape, or the confirm action done: the owner closes the dialog. */
  onClose: () => void;
  /** The question, word for word from SPEC §5 (Confirmations). */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A blocking yes/no question before a destructive admin action; focus starts on Cancel. */
export function ConfirmDialog({ open, onClose, message, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <DialogLayer parts={AlertDialog} open={open} onClose={onClose}>
      <AlertDialog.Content className="dialog admin-dialog admin-dialog--confirm" data-testid="confirm-dialog">
        <AlertDialog.Title className="admin-dialog__title">{message}</AlertDialog.Title>
        <AlertDialog.Description className="sr-only">Confirm or cancel this action.</AlertDialog.Description>
        <div className="dialog__actions">
          <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
          <AlertDialog.Action className="button admin-button--danger" onClick={onConfirm}>
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </DialogLayer>
  );
}

/**
 * SPEC §5's question before deleting one item of an admin list: `ask(item)` opens it, `dialog` is
 * the element to render; Delete hands the item to `onDelete`.
 */
export function useConfirmedDelete<T>(noun: string, onDelete: (item: T) => void) {
  const [item, setItem] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      onClose={() => setItem(null)}
      message={`Are you sure you want to delete this ${noun}?`}
      confirmLabel="Delete"
      onConfirm={() => {
        if (item !== null) onDelete(item);
      }}
    />
  );
  return { ask: setItem, dialog };
}
