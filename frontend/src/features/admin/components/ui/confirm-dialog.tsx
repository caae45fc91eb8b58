import * as AlertDialog from '@radix-ui/react-alert-dialog';
import '../../../../components/dialog/app-dialog.css';
import './admin-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, word for word from SPEC §5 (Confirmations). */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A blocking yes/no question before a destructive admin action; focus starts on Cancel. */
export function ConfirmDialog({ open, onOpenChange, message, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog admin-dialog admin-dialog--confirm"
          data-testid="confirm-dialog"
        >
          <AlertDialog.Title className="admin-dialog__title">{message}</AlertDialog.Title>
          <AlertDialog.Description className="sr-only">
            Confirm or cancel this action.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button admin-button--danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
