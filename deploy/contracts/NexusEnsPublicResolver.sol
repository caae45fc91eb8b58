// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {COIN_TYPE_ETH, INTERFACE_ADDR, INTERFACE_ADDRESS, INTERFACE_ERC165, INTERFACE_NAME, INTERFACE_TEXT} from "./NexusEnsProfiles.sol";
import {INexusEnsRegistry} from "./NexusEnsRegistry.sol";

/// @title Public resolver of the Nexus dev chains' ENS.
/// @notice Answers `addr(node)` (EIP-137), `addr(node, coinType)` (EIP-2304; coin type 60 is
/// the Ethereum address, stored as its 20 bytes), `name(node)` (EIP-181, the primary name on a
/// reverse node) and `text(node, key)` (ENSIP-5, e.g. `avatar`), with ERC-165 `supportsInterface`.
/// Records are set by the node's owner in the registry or an operator that owner approved there.
contract NexusEnsPublicResolver {
    error NexusEnsUnauthorised(bytes32 node, address caller);
    error NexusEnsInvalidEthAddress(bytes32 node, bytes value);

    event AddrChanged(bytes32 indexed node, address a);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event NameChanged(bytes32 indexed node, string name);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);

    /// @dev Not immutable, so the runtime code is the compiler's deployedBytecode as is.
    INexusEnsRegistry private _registry;
    mapping(bytes32 node => mapping(uint256 coinType => bytes value)) private _addresses;
    mapping(bytes32 node => string name) private _names;
    mapping(bytes32 node => mapping(string key => string value)) private _texts;

    constructor(INexusEnsRegistry registry_) {
        _registry = registry_;
    }

    modifier authorised(bytes32 node) {
        address nodeOwner = _registry.owner(node);
        if (nodeOwner != msg.sender && !_registry.isApprovedForAll(nodeOwner, msg.sender)) {
            revert NexusEnsUnauthorised(node, msg.sender);
        }
        _;
    }

    function registry() external view returns (address) {
        return address(_registry);
    }

    function setAddr(bytes32 node, address a) external {
        setAddr(node, COIN_TYPE_ETH, abi.encodePacked(a));
    }

    function setAddr(bytes32 node, uint256 coinType, bytes memory value) public authorised(node) {
        if (coinType == COIN_TYPE_ETH && value.length != 0 && value.length != 20) {
            revert NexusEnsInvalidEthAddress(node, value);
        }
        _addresses[node][coinType] = value;
        emit AddressChanged(node, coinType, value);
        if (coinType == COIN_TYPE_ETH) emit AddrChanged(node, _toAddress(value));
    }

    /// @notice The Ethereum address of `node`, zero when none is set.
    function addr(bytes32 node) external view returns (address payable) {
        return payable(_toAddress(_addresses[node][COIN_TYPE_ETH]));
    }

    /// @notice The address of `node` on the chain of `coinType` (SLIP-44 / ENSIP-11), empty when unset.
    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        return _addresses[node][coinType];
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        _names[node] = newName;
        emit NameChanged(node, newName);
    }

    /// @notice The name a reverse node (`<address>.addr.reverse`) points back to, empty when unset.
    function name(bytes32 node) external view returns (string memory) {
        return _names[node];
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        _texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    /// @notice The text record `key` of `node` (ENSIP-5), empty when unset.
    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return _texts[node][key];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == INTERFACE_ERC165 || interfaceId == INTERFACE_ADDR || interfaceId == INTERFACE_ADDRESS
            || interfaceId == INTERFACE_NAME || interfaceId == INTERFACE_TEXT;
    }

    function _toAddress(bytes memory value) private pure returns (address) {
        if (value.length != 20) return address(0);
        return address(bytes20(value));
    }
}
