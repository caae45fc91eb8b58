import { parseAbi, toEventSelector } from 'viem';

/** Interface ids (ERC-165). */
export const INTERFACE_ERC721 = '0x80ac58cd';
export const INTERFACE_ERC1155 = '0xd9b67a26';
export const INTERFACE_ERC721_ENUMERABLE = '0x780e9d63';

export const erc165Abi = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);

export const erc721Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
]);

export const erc1155Abi = parseAbi([
  'function uri(uint256 id) view returns (string)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);

export const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

/** Transfer(address,address,uint256): ERC-20 shares it with 3 topics, ERC-721 has 4 (id indexed). */
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
/**
 * EIP-2309 ConsecutiveTransfer(fromTokenId indexed, toTokenId, from indexed, to indexed): one event
 * for a range of ERC-721 ids, emitted instead of a Transfer per token by batch mints.
 */
export const CONSECUTIVE_TRANSFER_TOPIC = toEventSelector(
  'ConsecutiveTransfer(uint256,uint256,address,address)',
);
/**
 * The most ids one ConsecutiveTransfer may name here: the batch limit of OpenZeppelin's
 * ERC721Consecutive and of ERC721A. A wider event is not a real mint and is ignored.
 */
export const MAX_CONSECUTIVE_RANGE = 5_000n;
export const TRANSFER_SINGLE_TOPIC = toEventSelector(
  'TransferSingle(address,address,address,uint256,uint256)',
);
export const TRANSFER_BATCH_TOPIC = toEventSelector(
  'TransferBatch(address,address,address,uint256[],uint256[])',
);
