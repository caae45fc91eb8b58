import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';

/** Deepest nesting of objects and arrays a body may have; no route takes more than a few levels. */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

function messages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messages(e.children ?? [])]);
}

/** True when `value` nests objects or arrays deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Class-transformer walks a body recursively: a JSON body nested a few thousand levels deep
 * overflows the stack (a 500). Such a body is refused with 400 before it is transformed.
 */
class DepthLimitedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (nestedDeeperThan(value, MAX_INPUT_DEPTH)) throw new BadRequestException(TOO_DEEP_MESSAGE);
    return super.transform(value, metadata);
  }
}

/** Validates every body and query; unknown fields are refused; the 400 message is one sentence list. */
export function createValidationPipe(): ValidationPipe {
  return new DepthLimitedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'Invalid request'),
  });
}
