import type { ReactNode } from 'react';

interface SearchNoticeProps {
  title: string;
  text: ReactNode;
  testId: string;
  /** Which notice it is, for styles and tests (`data-kind`). */
  kind?: string;
  /** Its buttons. */
  children: ReactNode;
}

/** What the search learnt before scanning (a collection typed as a wallet, or on another network), with what to do. */
export function SearchNotice({ title, text, testId, kind, children }: SearchNoticeProps) {
  return (
    <div className="spread-row search-notice" role="status" data-testid={testId} data-kind={kind}>
      <div className="search-notice__text">
        <strong className="search-notice__title">{title}</strong>
        <p>{text}</p>
      </div>
      <div className="search-notice__actions">{children}</div>
    </div>
  );
}
