interface ProgressBarProps {
  /** Whole percent, 0 to 100. */
  percent: number;
  /** What the bar measures, as a screen reader announces it. */
  label: string;
  thin?: boolean;
  /** Extra class of the fill (a colour). */
  fillClassName?: string;
}

/** A 0–100 % bar in the `.progress` style, announced as a progressbar. */
export function ProgressBar({ percent, label, thin = false, fillClassName }: ProgressBarProps) {
  return (
    <div
      className={thin ? 'progress progress--thin' : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div
        className={fillClassName ? `progress__fill ${fillClassName}` : 'progress__fill'}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
