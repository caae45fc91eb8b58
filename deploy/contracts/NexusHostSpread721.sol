// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {NexusBatchMinted721} from "./NexusBatchMinted721.sol";
import {NexusMintable721} from "./NexusMintable721.sol";

/// @title ERC-721 of the Nexus dev chains whose tokens' metadata is spread over many hosts.
/// @notice Minted in EIP-2309 batches at construction (ids from 0, like NexusConsecutive721);
/// tokenURI = `<baseUris[id % baseUris.length]><id>`, so one contract reaches the mix of metadata
/// hosts a real collection meets (fast, slow, throttling, broken, IPFS) at the cost of one string
/// per host, not one per token.
contract NexusHostSpread721 is NexusBatchMinted721 {
    error NexusNoBaseUris();

    string[] private _bases;

    constructor(
        string memory name_,
        string memory symbol_,
        string[] memory baseUris_,
        address owner_,
        address[] memory batchRecipients,
        uint96[] memory batchSizes
    ) NexusMintable721(name_, symbol_, "", owner_) {
        if (baseUris_.length == 0) revert NexusNoBaseUris();
        for (uint256 i = 0; i < baseUris_.length; ++i) {
            _bases.push(baseUris_[i]);
        }
        _mintBatches(batchRecipients, batchSizes);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        (bool overridden, string memory uri) = _controlledUri(tokenId);
        if (overridden) return uri;
        return string.concat(_bases[tokenId % _bases.length], Strings.toString(tokenId));
    }
}
