import * as Switch from '@radix-ui/react-switch';
import './admin-switch.css';

interface AdminSwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  /** Hide the label visually (it still names the switch). */
  hideLabel?: boolean;
  disabled?: boolean;
  testId?: string;
}

export function AdminSwitch({
  checked,
  onCheckedChange,
  label,
  hideLabel,
  disabled,
  testId,
}: AdminSwitchProps) {
  return (
    <label className="admin-switch-field">
      <Switch.Root
        className="admin-switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        data-testid={testId}
      >
        <Switch.Thumb className="admin-switch__thumb" />
      </Switch.Root>
      <span className={hideLabel ? 'sr-only' : 'admin-switch-field__label'}>{label}</span>
    </label>
  );
}
