// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The ENS profiles the Nexus dev chains' resolvers answer, declared once.
/// @notice Each interface has one function, so its ERC-165 id is that function's selector: the
/// constants below serve both as the ids `supportsInterface` answers and as the selectors resolvers
/// are called with. The compiler derives every number from the declarations.

/// @dev ERC-165.
interface IEnsSupportsInterface {
    function supportsInterface(bytes4 interfaceId) external view returns (bool);
}

/// @dev ENSIP-10 wildcard resolution.
interface IEnsExtendedResolver {
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory);
}

/// @dev EIP-137.
interface IEnsAddrResolver {
    function addr(bytes32 node) external view returns (address payable);
}

/// @dev EIP-2304.
interface IEnsAddressResolver {
    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory);
}

/// @dev EIP-181.
interface IEnsNameResolver {
    function name(bytes32 node) external view returns (string memory);
}

/// @dev ENSIP-5.
interface IEnsTextResolver {
    function text(bytes32 node, string calldata key) external view returns (string memory);
}

/// @dev ERC-3668 (CCIP-Read).
error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

bytes4 constant INTERFACE_ERC165 = IEnsSupportsInterface.supportsInterface.selector;
bytes4 constant INTERFACE_EXTENDED_RESOLVER = IEnsExtendedResolver.resolve.selector;
bytes4 constant INTERFACE_ADDR = IEnsAddrResolver.addr.selector;
bytes4 constant INTERFACE_ADDRESS = IEnsAddressResolver.addr.selector;
bytes4 constant INTERFACE_NAME = IEnsNameResolver.name.selector;
bytes4 constant INTERFACE_TEXT = IEnsTextResolver.text.selector;
bytes4 constant OFFCHAIN_LOOKUP = OffchainLookup.selector;
/// @dev SLIP-44 coin type of ether: the Ethereum address of `addr(node, coinType)`.
uint256 constant COIN_TYPE_ETH = 60;
