import { useState } from 'react';
import { shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';
import { useWalletProfile } from '../hooks/use-wallet-profile';

/**
 * Who the wallet is, for its header: its ENS avatar, the name the visitor searched (else its
 * primary ENS name), its primary name too when that is another one, and the address.
 */
export function WalletIdentity({
  walletAddress,
  searchedName,
}: {
  walletAddress: string;
  /** The ENS name the visitor searched, if any. */
  searchedName?: string | undefined;
}) {
  const profile = useWalletProfile(walletAddress);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const searched =
    searchedName && searchedName.toLowerCase() !== walletAddress.toLowerCase() ? searchedName : null;
  const primary = profile?.ensName ?? null;
  const shown = searched ?? primary;
  const avatar = mediaImageUrl(profile?.ensAvatar);
  return (
    <>
      {avatar && !avatarFailed ? (
        <img
          className="wallet__avatar"
          src={avatar}
          alt={primary ? `${primary} avatar` : 'ENS avatar'}
          width={40}
          height={40}
          data-testid="wallet-ens-avatar"
          onError={() => setAvatarFailed(true)}
        />
      ) : null}
      {shown ? (
        <strong className="wallet__ens" data-testid="wallet-ens-name">
          {shown}
        </strong>
      ) : null}
      {primary && searched && primary !== searched.toLowerCase() ? (
        <span
          className="wallet__primary"
          data-testid="wallet-primary-name"
          title="The wallet's primary ENS name"
        >
          primary name {primary}
        </span>
      ) : null}
      <code title={walletAddress}>{shortenAddress(walletAddress)}</code>
    </>
  );
}
