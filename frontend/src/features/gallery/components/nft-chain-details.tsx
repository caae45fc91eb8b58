import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isEvmAddress, type Network, type Nft, type NftsResponse } from '@nexus/contract';
import { CopyButton } from '../../../components/copy-button';
import { CopyAndExplorerLink } from '../../../components/explorer-link';
import { toast } from '../../../components/toast/toast-store';
import { errorText } from '../../../lib/api-client';
import { explorerTokenUrl, nftShareUrl } from '../../../lib/block-explorer';
import { shortenAddress } from '../../../lib/format';
import { nftMetadataQuery, postRefreshMetadata } from '../api/nft-metadata-api';
import { withRefreshedNft } from '../refreshed-nft';
import { collectionQueryKey } from '../../../api/collection-query-key';
import '../../../components/chain-links.css';

interface NftChainDetailsProps {
  nft: Nft;
  network: Network;
  contractAddress: string;
}

const TOKEN_ID = /^\d{1,78}$/;

/**
 * What a block explorer shows of the NFT: contract, token and owner with copy buttons and explorer
 * links, a link to share, "Refresh metadata", and the token URI and raw metadata (collapsed; shown
 * as text, never run).
 */
export function NftChainDetails({ nft, network, contractAddress }: NftChainDetailsProps) {
  const contract = (nft.contract?.address || contractAddress).toLowerCase();
  const readable = isEvmAddress(contract) && TOKEN_ID.test(nft.tokenId);
  const details = useQuery({ ...nftMetadataQuery(network, contract, nft.tokenId), enabled: readable });
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => postRefreshMetadata(network, contract, nft.tokenId),
    onSuccess: async (answer) => {
      toast({
        title: 'Metadata refreshed',
        description:
          answer.metadataStatus !== 'ok'
            ? 'The metadata could not be read; the NFT keeps what Nexus had.'
            : answer.changed
              ? 'The NFT shows its latest metadata.'
              : 'The metadata has not changed.',
      });
      // A wallet's gallery shows the NFTs of its scan's answer: they take the refreshed metadata too.
      queryClient.setQueriesData<NftsResponse>({ queryKey: ['scan'] }, (scan) =>
        scan ? withRefreshedNft(scan, answer.nft) : scan,
      );
      await queryClient.invalidateQueries({ queryKey: collectionQueryKey(network, contract) });
    },
    onError: (error) =>
      toast({
        title: 'Refresh Failed',
        description: errorText(error, 'The metadata could not be refreshed'),
        variant: 'destructive',
      }),
  });
  const share = nftShareUrl(window.location.origin, network, contract, nft.tokenId);
  const data = details.data;
  const erc1155 = nft.tokenType === 'ERC-1155';

  return (
    <section className="nft-detail__section nft-chain" data-testid="nft-chain">
      <h3>On chain</h3>
      <dl className="chain-facts">
        <div>
          <dt>Contract</dt>
          <dd>
            <code title={contract}>{shortenAddress(contract)}</code>
            <CopyAndExplorerLink network={network} value={contract} what="contract" testIdPrefix="nft-" />
          </dd>
        </div>
        <div>
          <dt>Token</dt>
          <dd>
            <code title={nft.tokenId}>
              #{nft.tokenId.length > 14 ? `${nft.tokenId.slice(0, 12)}…` : nft.tokenId}
            </code>
            <CopyAndExplorerLink
              network={network}
              value={nft.tokenId}
              href={explorerTokenUrl(network, contract, nft.tokenId)}
              what="token"
              copyLabel="token ID"
              testIdPrefix="nft-"
            />
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd data-testid="nft-owner">
            {erc1155 ? (
              <span className="muted">Many holders (ERC-1155)</span>
            ) : data?.owner ? (
              <>
                <code title={data.owner}>{shortenAddress(data.owner)}</code>
                <CopyAndExplorerLink network={network} value={data.owner} what="owner" testIdPrefix="nft-" />
              </>
            ) : (
              <span className="muted">
                {details.isPending && readable ? 'Reading…' : details.isError ? 'Unavailable' : 'Unknown'}
              </span>
            )}
          </dd>
        </div>
      </dl>

      <div className="chain-links nft-chain__actions">
        <CopyButton value={share} label="link to this NFT" text="Copy link" testId="nft-share" />
        <button
          type="button"
          className="copy-button"
          data-testid="nft-refresh-metadata"
          disabled={!readable}
          aria-disabled={refresh.isPending}
          onClick={() => {
            if (!refresh.isPending) refresh.mutate();
          }}
        >
          {refresh.isPending ? 'Refreshing...' : '↻ Refresh metadata'}
        </button>
      </div>

      <details className="nft-chain__raw" data-testid="nft-raw-metadata">
        <summary>Token URI and raw metadata</summary>
        {!readable ? (
          <p className="muted">Not available for this token.</p>
        ) : details.isPending ? (
          <p className="muted">Reading…</p>
        ) : details.isError ? (
          <p className="muted">{errorText(details.error, 'The token could not be read')}</p>
        ) : data ? (
          <>
            <div className="nft-chain__uri">
              <span className="nft-chain__label">Token URI</span>
              {data.tokenUri ? (
                <>
                  <code className="nft-chain__text" data-testid="nft-token-uri">
                    {data.tokenUri.length > 300 ? `${data.tokenUri.slice(0, 300)}…` : data.tokenUri}
                  </code>
                  <CopyButton value={data.tokenUri} label="token URI" testId="nft-copy-token-uri" />
                  {data.tokenUriHttp ? (
                    <a
                      className="explorer-link"
                      href={data.tokenUriHttp}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Open <span aria-hidden="true">↗</span>
                    </a>
                  ) : null}
                </>
              ) : (
                <span className="muted">None</span>
              )}
            </div>
            {data.metadata !== null ? (
              <pre className="nft-chain__metadata" data-testid="nft-metadata-text">
                {data.metadata}
                {data.metadataTruncated ? '\n…' : ''}
              </pre>
            ) : (
              <p className="muted">{data.metadataError ?? 'No metadata'}</p>
            )}
          </>
        ) : null}
      </details>
    </section>
  );
}
