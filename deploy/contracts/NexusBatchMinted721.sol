// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Consecutive} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Consecutive.sol";
import {NexusMintable721} from "./NexusMintable721.sol";

/// @title Non-enumerable ERC-721 of the Nexus dev chains minted in EIP-2309 batches at construction.
/// @notice The part NexusConsecutive721 and NexusHostSpread721 share: the batch mint and the
/// overrides that join NexusMintable721 and ERC721Consecutive.
abstract contract NexusBatchMinted721 is NexusMintable721, ERC721Consecutive {
    error NexusBatchLengthMismatch();

    /// @dev Constructor only: `batchRecipients[0]` receives ids `0 .. batchSizes[0] - 1`, the next
    /// one the following ids, ...
    function _mintBatches(address[] memory batchRecipients, uint96[] memory batchSizes) internal {
        if (batchRecipients.length != batchSizes.length) revert NexusBatchLengthMismatch();
        for (uint256 i = 0; i < batchRecipients.length; ++i) {
            _mintConsecutive(batchRecipients[i], batchSizes[i]);
        }
    }

    function tokenURI(uint256 tokenId)
        public
        view
        virtual
        override(ERC721, NexusMintable721)
        returns (string memory)
    {
        return super.tokenURI(tokenId);
    }

    function _baseURI() internal view override(ERC721, NexusMintable721) returns (string memory) {
        return super._baseURI();
    }

    function _ownerOf(uint256 tokenId) internal view override(ERC721, ERC721Consecutive) returns (address) {
        return super._ownerOf(tokenId);
    }

    function _update(address to, uint256 tokenId, address auth)
        internal
        override(ERC721, ERC721Consecutive)
        returns (address)
    {
        return super._update(to, tokenId, auth);
    }
}
