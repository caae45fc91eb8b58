// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {INTERFACE_ERC165, INTERFACE_EXTENDED_RESOLVER, OffchainLookup} from "./NexusEnsProfiles.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title Offchain resolver of the Nexus dev chains' ENS (ERC-3668 CCIP-Read, ENSIP-10).
/// @notice The design of ENS's offchain-resolver example, as names such as `*.cb.id` use on
/// mainnet: `resolve(name, data)` (ENSIP-10 wildcard, so every subname of the name it is set on
/// is answered) reverts with `OffchainLookup`, sending the client to the gateway URL with the
/// call `resolve(name, data)`. The gateway answers `abi.encode(result, expires, signature)`;
/// `resolveWithProof` accepts it only when signed by the gateway's signer over
/// keccak256(0x1900, this resolver, expires, keccak256(request), keccak256(result)) and not expired.
contract NexusEnsOffchainResolver {
    error NexusEnsInvalidSignature(address signer);
    error NexusEnsExpiredResponse(uint64 expires);

    /// @dev Storage, not immutable, so the runtime code is the compiler's deployedBytecode as is.
    string private _url;
    address private _signer;

    constructor(string memory url_, address signer_) {
        _url = url_;
        _signer = signer_;
    }

    /// @notice The gateway URL template (`{sender}` and `{data}` filled in by the client).
    function url() external view returns (string memory) {
        return _url;
    }

    function signer() external view returns (address) {
        return _signer;
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeWithSelector(INTERFACE_EXTENDED_RESOLVER, name, data);
        string[] memory urls = new string[](1);
        urls[0] = _url;
        revert OffchainLookup(address(this), urls, callData, this.resolveWithProof.selector, callData);
    }

    /// @notice The gateway's answer to `extraData` (the request), once its signature is checked.
    function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(response, (bytes, uint64, bytes));
        bytes32 hash = keccak256(
            abi.encodePacked(hex"1900", address(this), expires, keccak256(extraData), keccak256(result))
        );
        address signedBy = ECDSA.recover(hash, signature);
        if (signedBy != _signer) revert NexusEnsInvalidSignature(signedBy);
        if (expires < block.timestamp) revert NexusEnsExpiredResponse(expires);
        return result;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == INTERFACE_ERC165 || interfaceId == INTERFACE_EXTENDED_RESOLVER;
    }
}
