// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Consecutive} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Consecutive.sol";
import {NexusMintable721} from "./NexusMintable721.sol";

/// @title Non-enumerable ERC-721 of the Nexus dev chains minted in batches at construction.
/// @notice Each batch emits one EIP-2309 `ConsecutiveTransfer(fromId, toId, 0x0, to)` and no
/// `Transfer` per token, as large real-world mints do: its tokens are found only through those
/// events and the `Transfer` events of later moves.
contract NexusConsecutive721 is NexusMintable721, ERC721Consecutive {
    error NexusBatchLengthMismatch();

    /// @param batchRecipients receives ids `0 .. batchSizes[0] - 1`, the next one the following ids, ...
    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseUri_,
        address owner_,
        address[] memory batchRecipients,
        uint96[] memory batchSizes
    ) NexusMintable721(name_, symbol_, baseUri_, owner_) {
        if (batchRecipients.length != batchSizes.length) revert NexusBatchLengthMismatch();
        for (uint256 i = 0; i < batchRecipients.length; ++i) {
            _mintConsecutive(batchRecipients[i], batchSizes[i]);
        }
    }

    function tokenURI(uint256 tokenId) public view override(ERC721, NexusMintable721) returns (string memory) {
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
