import type { Network } from '@nexus/contract';
import { useIsDevchain } from '../api/networks';
import { BLOCK_EXPLORERS, explorerAddressUrl } from '../lib/block-explorer';
import { CopyButton } from './copy-button';

interface ExplorerLinkProps {
  network: Network;
  /** The page on the network's public explorer (lib/block-explorer); null: nothing to link. */
  href: string | null;
  /** What the page shows, for screen readers: "contract", "token", "owner". */
  label: string;
  testId?: string;
}

export const DEVCHAIN_NOTE = 'Local dev chain: no public explorer';

/**
 * "Etherscan ↗" and the like, opening in a new tab without handing over this page. On a local dev
 * chain a public explorer knows none of its addresses: a short note instead (the copy buttons
 * beside it still work).
 */
export function ExplorerLink({ network, href, label, testId }: ExplorerLinkProps) {
  const devchain = useIsDevchain(network);
  if (!href || devchain === null) return null;
  if (devchain) {
    return (
      <span className="explorer-link explorer-link--none" title={DEVCHAIN_NOTE} data-testid={testId}>
        local chain
      </span>
    );
  }
  const { name } = BLOCK_EXPLORERS[network];
  return (
    <a
      className="explorer-link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`View ${label} on ${name}`}
      title={`View ${label} on ${name}`}
      data-testid={testId}
    >
      {name} <span aria-hidden="true">↗</span>
    </a>
  );
}

interface CopyAndExplorerLinkProps {
  network: Network;
  /** What is copied: an address or a token ID. */
  value: string;
  /** Its page on the explorer; by default the page of `value` as an address. */
  href?: string | null;
  /** What it is: "contract", "token", "owner" (the explorer link's label). */
  what: string;
  /** What the copy button copies, for screen readers; by default "<what> address". */
  copyLabel?: string;
  /** The test ids are `${testIdPrefix}copy-${what}` and `${testIdPrefix}explorer-${what}`. */
  testIdPrefix?: string;
}

/** Beside an address or a token ID: copy it, and open its page on the network's explorer. */
export function CopyAndExplorerLink({
  network,
  value,
  href = explorerAddressUrl(network, value),
  what,
  copyLabel = `${what} address`,
  testIdPrefix = '',
}: CopyAndExplorerLinkProps) {
  return (
    <>
      <CopyButton value={value} label={copyLabel} testId={`${testIdPrefix}copy-${what}`} />
      <ExplorerLink network={network} href={href} label={what} testId={`${testIdPrefix}explorer-${what}`} />
    </>
  );
}
