import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isNetwork, type CollectionSubmission } from '@nexus/contract';
import { mediaImageUrl } from '../lib/image-url';
import './submission-identity.css';

/** Descriptions longer than this are cut to a few lines with 'Show more' (as on the featured cards). */
export const SUBMISSION_DESCRIPTION_COLLAPSE_CHARS = 150;

type Identity = Pick<CollectionSubmission, 'name' | 'network' | 'contractAddress' | 'bannerUrl' | 'logoUrl'>;

/**
 * The collection's gallery (the explorer's collection view on home, SPEC §2 views), with its name
 * in the history entry; null on a network Nexus cannot scan yet.
 */
export function collectionGalleryHref(submission: Pick<CollectionSubmission, 'network' | 'contractAddress'>) {
  if (!isNetwork(submission.network)) return null;
  const params = new URLSearchParams({
    view: 'collection',
    network: submission.network,
    address: submission.contractAddress.toLowerCase(),
  });
  return `/?${params.toString()}`;
}

/** The submitted banner, through our media routes; a plain band when there is none or it fails. */
export function SubmissionBanner({ submission, className }: { submission: Identity; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = mediaImageUrl(submission.bannerUrl);
  return (
    <div className={`submission-banner${className ? ` ${className}` : ''}`}>
      {src && !failed ? (
        <img
          src={src}
          alt={`${submission.name} banner`}
          loading="lazy"
          onError={() => setFailed(true)}
          data-testid="submission-banner"
        />
      ) : (
        <span className="submission-banner__fallback" aria-hidden="true" />
      )}
    </div>
  );
}

/** The submitted logo; the name's first letter when there is none or it fails. */
export function SubmissionLogo({ submission, size = 'md' }: { submission: Identity; size?: 'sm' | 'md' }) {
  const [failed, setFailed] = useState(false);
  const src = mediaImageUrl(submission.logoUrl);
  const className = `submission-logo submission-logo--${size}`;
  if (!src || failed) {
    return (
      <span className={`${className} submission-logo--empty`} aria-hidden="true">
        {submission.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={`${submission.name} logo`}
      loading="lazy"
      onError={() => setFailed(true)}
      data-testid="submission-logo"
    />
  );
}

/** 'View Collection' → the collection's gallery in Nexus. */
export function GalleryLink({ submission, className }: { submission: Identity; className?: string }) {
  const href = collectionGalleryHref(submission);
  if (!href) return null;
  return (
    <Link
      className={`submission-gallery-link${className ? ` ${className}` : ''}`}
      to={href}
      state={{ label: submission.name }}
      aria-label={`View the ${submission.name} collection`}
      data-testid="submission-gallery-link"
    >
      View Collection →
    </Link>
  );
}

/** A description cut to three lines when long, with 'Show more' / 'Show less'. */
export function CollapsibleDescription({ text, className }: { text: string; className: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const long = text.length > SUBMISSION_DESCRIPTION_COLLAPSE_CHARS;
  return (
    <div className="submission-description">
      <p
        id={id}
        className={`${className}${long && !expanded ? ' submission-description__text--clamped' : ''}`}
        data-testid="submission-description"
      >
        {text}
      </p>
      {long ? (
        <button
          type="button"
          className="button button--link submission-description__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
