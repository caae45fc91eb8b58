// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {NexusBatchMinted721} from "./NexusBatchMinted721.sol";
import {NexusMintable721} from "./NexusMintable721.sol";

/// @title Non-enumerable ERC-721 of the Nexus dev chains minted in batches at construction.
/// @notice Each batch emits one EIP-2309 `ConsecutiveTransfer(fromId, toId, 0x0, to)` and no
/// `Transfer` per token, as large real-world mints do: its tokens are found only through those
/// events and the `Transfer` events of later moves.
contract NexusConsecutive721 is NexusBatchMinted721 {
    /// @param batchRecipients receives ids `0 .. batchSizes[0] - 1`, the next one the following ids, ...
    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseUri_,
        address owner_,
        address[] memory batchRecipients,
        uint96[] memory batchSizes
    ) NexusMintable721(name_, symbol_, baseUri_, owner_) {
        _mintBatches(batchRecipients, batchSizes);
    }
}
