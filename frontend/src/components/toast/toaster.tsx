import * as Toast from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToastStore } from './toast-store';
import './toaster.css';

/**
 * An Escape typed inside an open dialog belongs to that dialog: the toast stays (Radix would give the
 * Escape to the toast, the newest layer, and the dialog would need a second one).
 */
function leaveEscapeToDialog(event: KeyboardEvent): void {
  if (event.target instanceof Element && event.target.closest('[role="dialog"]')) event.preventDefault();
}

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          onEscapeKeyDown={leaveEscapeToDialog}
          className={`toast toast--${item.variant}`}
          data-testid="toast"
        >
          <div className="toast__text">
            <Toast.Title className="toast__title">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="toast__description">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
