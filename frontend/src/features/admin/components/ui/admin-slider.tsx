import * as Slider from '@radix-ui/react-slider';
import './admin-slider.css';

interface AdminSliderProps {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  label: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * One-thumb slider. Keyboard: arrows move 1 step, Page Up/Down and Shift+arrow 10 steps,
 * Home/End to the ends (SPEC §5 promo bar opacity).
 */
export function AdminSlider({
  value,
  onValueChange,
  min,
  max,
  step,
  label,
  disabled,
  testId,
}: AdminSliderProps) {
  return (
    <Slider.Root
      className="admin-slider"
      value={[value]}
      onValueChange={([next]) => {
        if (next !== undefined) onValueChange(next);
      }}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
    >
      <Slider.Track className="admin-slider__track">
        <Slider.Range className="admin-slider__range" />
      </Slider.Track>
      <Slider.Thumb className="admin-slider__thumb" aria-label={label} data-testid={testId} />
    </Slider.Root>
  );
}
