import { BadRequestException } from '@nestjs/common';
import { normalize } from 'viem/ens';

/**
 * What is taken for an ENS name: dot-separated labels without spaces, the last one not empty
 * (`demo.eth`, `alice.cb.id`, `a.b.wild.eth`, `💩.eth`, `Demo.ETH`). Whether it is a valid name is
 * ENSIP-15 normalisation's to say (`normaliseEnsName`).
 */
export const ENS_NAME_SHAPE = /^[^\s]*\.[^\s.]+$/u;

/** The reason ens-normalize gives, readable: `label "x": <reason>`, code points as U+XXXX. */
function readableReason(message: string): string {
  return message
    .replace(/\u200e/g, '')
    .replace(/^Invalid label /, 'label ')
    .replace(/ \{([0-9a-f]+)\}/gi, (_, hex: string) => ` (U+${hex.toUpperCase().padStart(4, '0')})`)
    .trim();
}

/** The visitor-facing message of a name ENSIP-15 refuses. */
export function invalidEnsNameMessage(reason: string): string {
  return `Invalid ENS name: ${reason}`;
}

/**
 * The ENSIP-15 normalised form of a name (`Demo.ETH` → `demo.eth`, emoji kept); a 400 saying why
 * otherwise: a disallowed character, an empty label, mixed scripts or a confusable.
 */
export function normaliseEnsName(value: string): string {
  try {
    return normalize(value);
  } catch (error) {
    const reason = error instanceof Error ? readableReason(error.message) : 'not a valid name';
    throw new BadRequestException(invalidEnsNameMessage(reason || 'not a valid name'));
  }
}
