import {
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  keccak256,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { sign } from 'viem/accounts';
import { ENS_GATEWAY_SIGNER_KEY, type EnsPlan } from './ens.plan.js';

/** How long a signed answer stays valid (the resolver refuses it after). */
const ANSWER_TTL_S = 24 * 3600;

const serviceAbi = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)']);
const profileAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
]);

/** A DNS-encoded name as dotted text; null when malformed. */
export function dnsDecode(packet: Hex): string | null {
  const bytes = Buffer.from(packet.slice(2), 'hex');
  const labels: string[] = [];
  let cursor = 0;
  while (cursor < bytes.length) {
    const size = bytes[cursor]!;
    if (size === 0) return cursor === bytes.length - 1 ? labels.join('.') : null;
    if (cursor + 1 + size > bytes.length) return null;
    labels.push(bytes.subarray(cursor + 1, cursor + 1 + size).toString('utf8'));
    cursor += size + 1;
  }
  return null;
}

/** The result of `data` (addr, addr with coin type, text) for a name of the gateway's table. */
function profileResult(address: Address | undefined, data: Hex): Hex {
  let call;
  try {
    call = decodeFunctionData({ abi: profileAbi, data });
  } catch {
    return '0x';
  }
  if (call.functionName === 'text') return encodeAbiParameters([{ type: 'string' }], ['']);
  if (call.args.length === 1) return encodeAbiParameters([{ type: 'address' }], [address ?? zeroAddress]);
  const [, coinType] = call.args;
  return encodeAbiParameters([{ type: 'bytes' }], [coinType === 60n && address ? address : '0x']);
}

/**
 * The dev gateway's ERC-3668 answer to `callData` (`resolve(name, data)` from the offchain
 * resolver): the result for the name in the plan's table (the zero address for a name it does
 * not know), signed as `NexusEnsOffchainResolver.resolveWithProof` checks. Null for a sender that
 * is neither the offchain resolver nor the universal resolver passing its lookup on, or a call
 * that is not `resolve(bytes,bytes)`.
 */
export async function ensGatewayAnswer(ens: EnsPlan, sender: string, callData: Hex): Promise<Hex | null> {
  const known = [ens.offchainResolver, ens.universalResolver];
  if (!known.includes(sender.toLowerCase() as Address)) return null;
  let request;
  try {
    request = decodeFunctionData({ abi: serviceAbi, data: callData });
  } catch {
    return null;
  }
  const [packet, data] = request.args;
  const name = dnsDecode(packet);
  if (name === null) return null;
  const address = ens.offchainNames.find((entry) => entry.name === name.toLowerCase())?.address;
  const result = profileResult(address, data);
  const expires = BigInt(Math.floor(Date.now() / 1000) + ANSWER_TTL_S);
  const hash = keccak256(
    encodePacked(
      ['bytes', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', ens.offchainResolver, expires, keccak256(callData), keccak256(result)],
    ),
  );
  const signature = await sign({ hash, privateKey: ENS_GATEWAY_SIGNER_KEY, to: 'hex' });
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [result, expires, signature],
  );
}
