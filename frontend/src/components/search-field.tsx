interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What a screen reader names the field; the placeholder when not given. */
  label?: string;
  /** Added to the shared `text-field` look. */
  className?: string;
}

/** The one free-text search box of the app: filters what is on screen as the visitor types. */
export function SearchField({ value, onChange, placeholder, label, className }: SearchFieldProps) {
  return (
    <input
      className={className ? `text-field ${className}` : 'text-field'}
      type="search"
      placeholder={placeholder}
      aria-label={label ?? placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
