import './split-bar.css';

/** Yes against no as one bar, green then red, announced as its two shares. */
export function SplitBar({ shares }: { shares: { yes: number; no: number } }) {
  return (
    <div className="split-bar" role="img" aria-label={`${shares.yes}% yes, ${shares.no}% no`}>
      <span className="split-bar__yes" style={{ width: `${shares.yes}%` }} />
      <span className="split-bar__no" style={{ width: `${shares.no}%` }} />
    </div>
  );
}
