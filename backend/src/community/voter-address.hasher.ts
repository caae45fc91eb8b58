import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../platform/config/index.js';
import { VoteKeyRepository } from './vote-key.repository.js';

/**
 * The part of a client address that names one voter's network: an IPv4 address as it is (also
 * when IPv6-mapped), an IPv6 address by its /64, the block one subscriber is given, so that
 * walking through one's own /64 does not buy more votes.
 */
export function voterNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = ip.includes('::') && tail !== '' ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Voters' addresses are stored as an HMAC under a server key: the address itself is never kept. */
@Injectable()
export class VoterAddressHasher {
  private key: Promise<string> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly keys: VoteKeyRepository,
  ) {}

  async hash(ip: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(voterNetwork(ip))
      .digest('hex');
  }

  private secret(): Promise<string> {
    if (this.config.voteIpHashKey !== null) return Promise.resolve(this.config.voteIpHashKey);
    this.key ??= this.keys.getOrCreate().catch((error: unknown) => {
      this.key = null; // asked again on the next vote
      throw error;
    });
    return this.key;
  }
}
