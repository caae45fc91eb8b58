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

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/**
 * Why `value` cannot be taken whatever the route: objects or arrays nested deeper than `maxDepth`
 * (class-transformer walks them recursively and would overflow the stack), or a NUL character in
 * a string or key (PostgreSQL text cannot hold one). Null when neither; walked without recursion.
 */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return NUL_MESSAGE;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return TOO_DEEP_MESSAGE;
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\u0000')) return NUL_MESSAGE;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** Refuses what no route can take (see inputProblem) with 400 before it is transformed. */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const problem = inputProblem(value);
    if (problem !== null) throw new BadRequestException(problem);
    return super.transform(value, metadata);
  }
}

/** Validates every body and query; unknown fields are refused; the 400 message is one sentence list. */
export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'Invalid request'),
  });
}
