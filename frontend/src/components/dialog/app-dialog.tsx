import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import './app-dialog.css';

interface AppDialogProps {
  open: boolean;
  /** Escape, the × or a click outside: the owner closes the dialog (sets `open` false). */
  onClose: () => void;
  title: string;
  description?: string;
  /** Visually hide the title (still announced). */
  hideTitle?: boolean;
  size?: 'md' | 'lg';
  testId?: string;
  /** Hide the × button (a dialog whose own buttons close it). */
  hideClose?: boolean;
  children: ReactNode;
}

/** Radix's `onOpenChange` for a dialog opened from state: only its closing is the owner's to handle. */
function closeWith(onClose: () => void): (open: boolean) => void {
  return (open) => {
    if (!open) onClose();
  };
}

/** The parts of a Radix dialog or alert dialog (`@radix-ui/react-dialog` or `-alert-dialog`) a layer needs. */
interface DialogParts {
  Root: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }>;
  Portal: ComponentType<{ children: ReactNode }>;
  Overlay: ComponentType<{ className: string }>;
}

/**
 * The layer every modal of the app opens in: Radix's root opened from state (closing is the
 * owner's), portalled over the page with the dimming overlay. `children` is the parts' Content.
 */
export function DialogLayer({
  parts: { Root, Portal, Overlay },
  open,
  onClose,
  children,
}: {
  parts: DialogParts;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Root open={open} onOpenChange={closeWith(onClose)}>
      <Portal>
        <Overlay className="dialog-overlay" />
        {children}
      </Portal>
    </Root>
  );
}

function isFocusable(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    !element.hasAttribute('disabled')
  );
}

/**
 * Radix dialog without a Radix trigger (our dialogs open from state or from the URL), so two things
 * Radix does through its trigger are done here:
 * - focus goes back to the control that had it when the dialog opened;
 * - Escape closes the dialog its focus is in even when a toast appeared meanwhile (a toast is a newer
 *   dismissable layer, and Radix gives Escape to the newest layer only).
 */
export function AppDialog({
  open,
  onClose,
  title,
  description,
  hideTitle,
  size = 'md',
  testId,
  hideClose,
  children,
}: AppDialogProps) {
  const opener = useRef<Element | null>(null);
  const escapeHandledByRadix = useRef<KeyboardEvent['nativeEvent'] | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || escapeHandledByRadix.current === event.nativeEvent) return;
    // Only an Escape from inside this dialog's own DOM: a nested dialog is portalled elsewhere.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    onClose();
  };

  return (
    <DialogLayer parts={Dialog} open={open} onClose={onClose}>
      <Dialog.Content
        className={`dialog dialog--${size}`}
        data-testid={testId}
        aria-describedby={undefined}
        onOpenAutoFocus={() => {
          // Runs before Radix moves focus in: this is still the control that opened the dialog.
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (isFocusable(target)) {
            event.preventDefault();
            target.focus();
          }
        }}
        onEscapeKeyDown={(event) => {
          escapeHandledByRadix.current = event;
        }}
        onKeyDown={onKeyDown}
      >
        <Dialog.Title className={hideTitle ? 'sr-only' : 'dialog__title'}>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
        ) : null}
        {children}
        {hideClose ? null : (
          <Dialog.Close className="dialog__close" aria-label="Close">
            ×
          </Dialog.Close>
        )}
      </Dialog.Content>
    </DialogLayer>
  );
}
