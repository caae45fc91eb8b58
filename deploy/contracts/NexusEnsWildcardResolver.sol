// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {COIN_TYPE_ETH, INTERFACE_ADDR, INTERFACE_ADDRESS, INTERFACE_ERC165, INTERFACE_EXTENDED_RESOLVER} from "./NexusEnsProfiles.sol";

/// @title Wildcard resolver of the Nexus dev chains' ENS (ENSIP-10).
/// @notice Set on a parent name, it answers for subnames that have no record in the registry
/// (`alice.wild.eth`, `a.b.wild.eth`): clients find it on the closest ancestor with a resolver,
/// see `supportsInterface(0x9061b923)` and call `resolve(dnsName, data)`. It answers `addr(node)`
/// and `addr(node, 60)` from a table of subname nodes its owner fills; other profiles answer
/// nothing (empty), an unknown subname the zero address.
contract NexusEnsWildcardResolver {
    error NexusEnsUnauthorised(address caller);

    event AddrChanged(bytes32 indexed node, address a);

    address private _owner;
    mapping(bytes32 node => address value) private _addresses;

    constructor() {
        _owner = msg.sender;
    }

    function setAddr(bytes32 node, address a) external {
        if (msg.sender != _owner) revert NexusEnsUnauthorised(msg.sender);
        _addresses[node] = a;
        emit AddrChanged(node, a);
    }

    /// @notice ENSIP-10: `data` is the call a client would make on a resolver of the name itself;
    /// its first argument is namehash(name).
    function resolve(bytes calldata, bytes calldata data) external view returns (bytes memory) {
        if (data.length < 36) return "";
        bytes4 selector = bytes4(data[:4]);
        bytes32 node = bytes32(data[4:36]);
        address a = _addresses[node];
        if (selector == INTERFACE_ADDR) return abi.encode(a);
        if (selector == INTERFACE_ADDRESS) {
            (, uint256 coinType) = abi.decode(data[4:], (bytes32, uint256));
            return abi.encode(coinType == COIN_TYPE_ETH && a != address(0) ? abi.encodePacked(a) : bytes(""));
        }
        return "";
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == INTERFACE_ERC165 || interfaceId == INTERFACE_EXTENDED_RESOLVER;
    }
}
