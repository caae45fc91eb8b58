// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {COIN_TYPE_ETH, INTERFACE_ADDR, INTERFACE_ERC165, INTERFACE_EXTENDED_RESOLVER, INTERFACE_NAME, OFFCHAIN_LOOKUP, OffchainLookup} from "./NexusEnsProfiles.sol";
import {INexusEnsRegistry} from "./NexusEnsRegistry.sol";

/// @title Universal resolver of the Nexus dev chains' ENS.
/// @notice Answers `resolveWithGateways(name, data, gateways)` and `resolve(name, data)` the way
/// clients such as viem expect from the ENS Universal Resolver: `name` is DNS-encoded (length-
/// prefixed labels ending with a zero byte; a label `[<64 hex>]` stands for its labelhash), the
/// registry is walked from the full name up to the root to find the closest resolver, and `data`
/// (e.g. `addr(node)`) is called on it. Returns (result, resolver). Failures are the custom errors
/// clients read as "no answer": no resolver -> ResolverNotFound(name), a resolver without code ->
/// ResolverNotContract, a reverting resolver -> ResolverError(revert data), a profile the resolver
/// lacks -> UnsupportedResolverProfile(selector). A resolver set on a parent is only used when it
/// supports wildcard resolution (ENSIP-10 `resolve(bytes,bytes)`). A resolver reverting with
/// ERC-3668 `OffchainLookup` (CCIP-Read) has its lookup passed on with this contract as the sender
/// and `resolveCallback` as the callback, as the mainnet Universal Resolver does; the client
/// fetches the resolver's gateway and calls back here. Gateways are accepted for ABI compatibility
/// (no batch gateway: the resolver's own URLs are passed on).
/// `reverseWithGateways(address, 60, gateways)` answers the primary name of an address: `name()`
/// of `<address>.addr.reverse`, checked by resolving that name forward (onchain resolvers only);
/// a name pointing elsewhere reverts ReverseAddressMismatch.
contract NexusEnsUniversalResolver {
    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error UnsupportedResolverProfile(bytes4 selector);
    error DNSEncodingFailed(string ens);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);

    /// @dev What `resolveCallback` needs to finish a lookup the resolver sent offchain.
    struct PendingLookup {
        address resolver;
        bytes4 callback;
        bytes extraData;
        bool extended;
        bytes4 selector;
    }

    /// @dev Not immutable, so the runtime code is the compiler's deployedBytecode as is.
    INexusEnsRegistry private _registry;

    constructor(INexusEnsRegistry registry_) {
        _registry = registry_;
    }

    function registry() external view returns (address) {
        return address(_registry);
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        return _resolve(name, data);
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    /// @notice The closest resolver of `name`, the node of the full name, and the offset in
    /// `name` of the labels the resolver is set on (0: on the name itself).
    function findResolver(bytes calldata name)
        public
        view
        returns (address resolver, bytes32 node, uint256 offset)
    {
        uint256[] memory starts = _labelStarts(name);
        resolver = _registry.resolver(bytes32(0));
        offset = name.length - 1;
        for (uint256 i = starts.length; i > 0; --i) {
            uint256 start = starts[i - 1];
            node = keccak256(abi.encodePacked(node, _labelhash(name, start)));
            address own = _registry.resolver(node);
            if (own != address(0)) {
                resolver = own;
                offset = start;
            }
        }
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == INTERFACE_ERC165;
    }

    function _resolve(bytes calldata name, bytes calldata data) private view returns (bytes memory, address) {
        (address resolver,, uint256 offset) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = _supports(resolver, INTERFACE_EXTENDED_RESOLVER);
        if (offset != 0 && !extended) revert ResolverNotFound(name);

        bytes4 selector = data.length >= 4 ? bytes4(data[:4]) : bytes4(0);
        (bool ok, bytes memory result) = resolver.staticcall(
            extended ? abi.encodeWithSelector(INTERFACE_EXTENDED_RESOLVER, name, data) : data
        );
        if (!ok) {
            if (result.length == 0) revert UnsupportedResolverProfile(selector);
            if (result.length >= 4 && bytes4(result) == OFFCHAIN_LOOKUP) _passOnLookup(resolver, result, extended, selector);
            revert ResolverError(result);
        }
        if (extended) result = abi.decode(result, (bytes));
        if (result.length == 0) revert UnsupportedResolverProfile(selector);
        return (result, resolver);
    }

    /// @notice Finishes an offchain lookup: the resolver's callback with the gateway's response.
    function resolveCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory, address)
    {
        PendingLookup memory lookup = abi.decode(extraData, (PendingLookup));
        (bool ok, bytes memory result) =
            lookup.resolver.staticcall(abi.encodeWithSelector(lookup.callback, response, lookup.extraData));
        if (!ok) revert ResolverError(result);
        if (lookup.extended) result = abi.decode(result, (bytes));
        if (result.length == 0) revert UnsupportedResolverProfile(lookup.selector);
        return (result, lookup.resolver);
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        return _reverse(lookupAddress, coinType);
    }

    function reverse(bytes calldata lookupAddress, uint256 coinType)
        external
        view
        returns (string memory, address, address)
    {
        return _reverse(lookupAddress, coinType);
    }

    /// @dev Re-raises the resolver's OffchainLookup with this contract as sender (ERC-3668: the
    /// client calls the callback on the contract it called).
    function _passOnLookup(address resolver, bytes memory revertData, bool extended, bytes4 selector) private view {
        bytes memory args;
        // The arguments follow the 4-byte selector: a view of them with its own length word.
        assembly ("memory-safe") {
            args := add(revertData, 4)
            mstore(args, sub(mload(revertData), 4))
        }
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extraData) =
            abi.decode(args, (address, string[], bytes, bytes4, bytes));
        if (sender != resolver) revert ResolverError(revertData);
        revert OffchainLookup(
            address(this),
            urls,
            callData,
            this.resolveCallback.selector,
            abi.encode(PendingLookup(resolver, callback, extraData, extended, selector))
        );
    }

    function _reverse(bytes calldata lookupAddress, uint256 coinType)
        private
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        bytes memory reverseName = _reverseName(lookupAddress);
        if (coinType != COIN_TYPE_ETH || lookupAddress.length != 20) revert ResolverNotFound(reverseName);
        bytes32 reverseNode;
        uint256 offset;
        (reverseResolver, reverseNode, offset) = this.findResolver(reverseName);
        if (reverseResolver == address(0) || offset != 0) revert ResolverNotFound(reverseName);
        if (reverseResolver.code.length == 0) revert ResolverNotContract(reverseName, reverseResolver);
        (bool ok, bytes memory answer) = reverseResolver.staticcall(abi.encodeWithSelector(INTERFACE_NAME, reverseNode));
        if (!ok) revert ResolverError(answer);
        if (answer.length == 0) revert UnsupportedResolverProfile(INTERFACE_NAME);
        primary = abi.decode(answer, (string));
        if (bytes(primary).length == 0) return (primary, address(0), reverseResolver);

        (bytes memory dns, bytes32 node) = _dnsEncode(primary);
        bytes memory result;
        try this.resolve(dns, abi.encodeWithSelector(INTERFACE_ADDR, node)) returns (bytes memory found, address used) {
            (result, resolver) = (found, used);
        } catch (bytes memory failure) {
            // Forward checks are onchain only: an offchain answer would come back to the wrong callback.
            if (failure.length >= 4 && bytes4(failure) == OFFCHAIN_LOOKUP) revert ResolverError(failure);
            assembly ("memory-safe") {
                revert(add(failure, 32), mload(failure))
            }
        }
        address forward = abi.decode(result, (address));
        if (forward != address(bytes20(lookupAddress))) {
            revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
        }
    }

    /// @dev DNS-encoded `<lower-case hex of the address>.addr.reverse`.
    function _reverseName(bytes calldata lookupAddress) private pure returns (bytes memory name) {
        bytes16 digits = "0123456789abcdef";
        bytes memory label = new bytes(lookupAddress.length * 2);
        for (uint256 i = 0; i < lookupAddress.length; ++i) {
            label[2 * i] = digits[uint8(lookupAddress[i]) >> 4];
            label[2 * i + 1] = digits[uint8(lookupAddress[i]) & 0x0f];
        }
        return abi.encodePacked(uint8(label.length), label, hex"0461646472", hex"077265766572736500");
    }

    /// @dev DNS encoding and namehash of a dotted (normalised) name; empty or long labels revert.
    function _dnsEncode(string memory ens) private pure returns (bytes memory dns, bytes32 node) {
        bytes memory text = bytes(ens);
        dns = new bytes(text.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= text.length; ++i) {
            if (i < text.length && text[i] != ".") continue;
            uint256 size = i - start;
            if (size == 0 || size > 255) revert DNSEncodingFailed(ens);
            dns[start] = bytes1(uint8(size));
            for (uint256 j = start; j < i; ++j) dns[j + 1] = text[j];
            start = i + 1;
        }
        dns[text.length + 1] = 0;
        // namehash from the last label to the first.
        uint256 end = text.length;
        for (uint256 i = text.length; i > 0; --i) {
            if (text[i - 1] != ".") continue;
            node = keccak256(abi.encodePacked(node, _keccakRange(text, i, end)));
            end = i - 1;
        }
        node = keccak256(abi.encodePacked(node, _keccakRange(text, 0, end)));
    }

    function _keccakRange(bytes memory text, uint256 from, uint256 to) private pure returns (bytes32 hash) {
        assembly ("memory-safe") {
            hash := keccak256(add(add(text, 32), from), sub(to, from))
        }
    }

    /// @dev Offsets of the labels of a DNS-encoded name, first label first; reverts on malformed input.
    function _labelStarts(bytes calldata name) private pure returns (uint256[] memory starts) {
        uint256 count;
        uint256 cursor;
        for (;;) {
            if (cursor >= name.length) revert DNSDecodingFailed(name);
            uint256 size = uint8(name[cursor]);
            if (size == 0) break;
            ++count;
            cursor += size + 1;
        }
        if (cursor != name.length - 1) revert DNSDecodingFailed(name);
        starts = new uint256[](count);
        cursor = 0;
        for (uint256 i = 0; i < count; ++i) {
            starts[i] = cursor;
            cursor += uint8(name[cursor]) + 1;
        }
    }

    /// @dev keccak256 of the label at `start`, or the hash itself for an encoded `[<64 hex>]` label.
    function _labelhash(bytes calldata name, uint256 start) private pure returns (bytes32) {
        uint256 size = uint8(name[start]);
        bytes calldata label = name[start + 1:start + 1 + size];
        if (size == 66 && label[0] == "[" && label[65] == "]") {
            (bool valid, bytes32 hash) = _parseHex32(label[1:65]);
            if (valid) return hash;
        }
        return keccak256(label);
    }

    function _parseHex32(bytes calldata hex64) private pure returns (bool valid, bytes32 value) {
        uint256 result;
        for (uint256 i = 0; i < 64; ++i) {
            uint8 c = uint8(hex64[i]);
            uint256 digit;
            if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
            else if (c >= 0x61 && c <= 0x66) digit = c - 0x57;
            else if (c >= 0x41 && c <= 0x46) digit = c - 0x37;
            else return (false, bytes32(0));
            result = (result << 4) | digit;
        }
        return (true, bytes32(result));
    }

    function _supports(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) = target.staticcall{gas: 30_000}(
            abi.encodeWithSelector(INTERFACE_ERC165, interfaceId)
        );
        return ok && answer.length >= 32 && abi.decode(answer, (uint256)) == 1;
    }
}
