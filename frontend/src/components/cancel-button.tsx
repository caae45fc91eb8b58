/** The ghost "Cancel" button of a form, a dialog or a running scan. */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  return (
    <button type="button" className="button button--ghost" onClick={onCancel}>
      Cancel
    </button>
  );
}
