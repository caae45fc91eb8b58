import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { NFT_PLACEHOLDER_IMAGE, NftImage } from './nft-image';

describe(NftImage.name, () => {
  it('tries the fallback when the image fails, then shows the placeholder', () => {
    render(<NftImage src="https://cdn.example/cached.png" fallback="ipfs://QmOriginal/1.png" alt="Ape #1" />);
    const img = screen.getByRole('img', { name: 'Ape #1' });
    expect(img.getAttribute('src')).toContain(encodeURIComponent('https://cdn.example/cached.png'));

    fireEvent.error(img);
    expect(img.getAttribute('src')).toContain(encodeURIComponent('ipfs://QmOriginal/1.png'));

    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(NFT_PLACEHOLDER_IMAGE);
  });

  it('shows the placeholder at once without any image', () => {
    render(<NftImage src="" alt="Blank" />);
    expect(screen.getByRole('img', { name: 'Blank' }).getAttribute('src')).toBe(NFT_PLACEHOLDER_IMAGE);
  });
});
