import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';

/** Most objects and arrays inside each other a body may hold (the body itself counts); routes take a few. */
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
  // Two parallel stacks rather than a stack of pairs: a scan body can hold 100,000 nodes.
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return NUL_MESSAGE;
    } else if (Array.isArray(node)) {
      if (depth >= maxDepth) return TOO_DEEP_MESSAGE;
      for (const child of node) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    } else if (node !== null && typeof node === 'object') {
      if (depth >= maxDepth) return TOO_DEEP_MESSAGE;
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        if (key.includes('\u0000')) return NUL_MESSAGE;
        nodes.push((node as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}

/** What a visitor sends: a body, a query or a path parameter (not a socket or a request object). */
const VISITOR_INPUT: ReadonlySet<ArgumentMetadata['type']> = new Set(['body', 'query', 'param']);

/**
 * A DTO's quick check: the DTO instance for a body it recognises as valid (exactly what the full
 * validation would answer), or null to let the full validation decide and word the 400.
 */
export type QuickCheck = (value: unknown) => object | null;

const quickChecks = new WeakMap<object, QuickCheck>();

/**
 * Registers `check` for bodies of `dto`: a hot route's well-formed body skips class-transformer and
 * class-validator (most of the small request's cost); anything else still goes through them.
 */
export function quickCheck(dto: abstract new () => object, check: QuickCheck): void {
  quickChecks.set(dto, check);
}

/** Refuses what no route can take (see inputProblem) with 400 before it is transformed. */
class InputValidationPipe extends ValidationPipe {
  constructor(
    options: ConstructorParameters<typeof ValidationPipe>[0],
    private readonly quick: boolean,
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const quick =
      this.quick && metadata.type === 'body' && metadata.metatype
        ? quickChecks.get(metadata.metatype)
        : undefined;
    const checked = quick?.(value);
    if (checked) return checked;
    // A gateway's @ConnectedSocket() also passes through global pipes: its object graph is ours,
    // cyclic and large, and walking it would hold the event loop.
    const problem = VISITOR_INPUT.has(metadata.type) ? inputProblem(value) : null;
    if (problem !== null) throw new BadRequestException(problem);
    return super.transform(value, metadata);
  }
}

/**
 * Validates every body and query; unknown fields are refused; the 400 message is one sentence list.
 * `quick: false` leaves out the DTOs' quick checks (to compare them with the full validation).
 */
export function createValidationPipe({ quick = true }: { quick?: boolean } = {}): ValidationPipe {
  return new InputValidationPipe(
    {
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'Invalid request'),
    },
    quick,
  );
}
