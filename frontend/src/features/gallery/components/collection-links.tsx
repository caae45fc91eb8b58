import { useQuery } from '@tanstack/react-query';
import type { Network } from '@nexus/contract';
import { whitelistedCollectionsQuery } from '../../../api/whitelisted-collections';
import { CopyAndExplorerLink } from '../../../components/explorer-link';
import { socialLinks } from '../../../lib/block-explorer';
import '../../../components/chain-links.css';

interface CollectionLinksProps {
  network: Network;
  contractAddress: string;
}

/**
 * Beside the contract address in the gallery header: copy it, open it on the network's explorer,
 * and the collection's own website and socials where its whitelist entry has them (http(s) only).
 */
export function CollectionLinks({ network, contractAddress }: CollectionLinksProps) {
  const whitelist = useQuery(whitelistedCollectionsQuery);
  const entry = whitelist.data?.find(
    (c) => c.network === network && c.contractAddress.toLowerCase() === contractAddress.toLowerCase(),
  );
  const links = entry ? socialLinks(entry) : [];
  return (
    <div className="chain-links gallery__links" data-testid="collection-links">
      <CopyAndExplorerLink network={network} value={contractAddress} what="contract" />
      {links.length > 0 ? (
        <ul className="social-links" aria-label="Collection links" data-testid="collection-socials">
          {links.map((link) => (
            <li key={link.kind}>
              <a
                className={`social-links__link social-links__link--${link.kind}`}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`collection-link-${link.kind}`}
              >
                {link.label} <span aria-hidden="true">↗</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
