import { BadRequestException } from '@nestjs/common';
import {
  createValidationPipe,
  inputProblem,
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './validation.pipe.js';

const objects = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
const arrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe(inputProblem.name, () => {
  it(`takes up to ${MAX_INPUT_DEPTH} objects or arrays inside each other, and refuses one more`, () => {
    expect(inputProblem(objects(MAX_INPUT_DEPTH))).toBeNull();
    expect(inputProblem(arrays(MAX_INPUT_DEPTH))).toBeNull();
    expect(inputProblem(objects(MAX_INPUT_DEPTH + 1))).toBe(TOO_DEEP_MESSAGE);
    expect(inputProblem(arrays(MAX_INPUT_DEPTH + 1))).toBe(TOO_DEEP_MESSAGE);
    expect(inputProblem({ list: [{ deep: objects(100) }] })).toBe(TOO_DEEP_MESSAGE);
  });

  it('finds a NUL character in any string or key, however deep', () => {
    expect(inputProblem('a\u0000')).toBe(NUL_MESSAGE);
    expect(inputProblem({ nfts: [{ attributes: [{ value: 'x\u0000y' }] }] })).toBe(NUL_MESSAGE);
    expect(inputProblem({ ['key\u0000']: 1 })).toBe(NUL_MESSAGE);
    expect(inputProblem({ text: 'no nul here: \\u0000 is six characters' })).toBeNull();
  });

  it('takes what routes take: scalars, null, flat and shallow bodies', () => {
    for (const value of [undefined, null, 1, true, '', 'text', [], {}, { a: [1, { b: null }] }]) {
      expect(inputProblem(value)).toBeNull();
    }
  });
});

describe('the global validation pipe', () => {
  const pipe = createValidationPipe();

  it('checks what a visitor sends: body, query and path parameters', async () => {
    for (const type of ['body', 'query', 'param'] as const) {
      await expect(pipe.transform({ name: 'a\u0000b' }, { type })).rejects.toBeInstanceOf(
        BadRequestException,
      );
    }
  });

  it("passes a gateway's socket through without walking it (a cyclic graph of our own)", async () => {
    // Two edges back to itself: walked to depth 64 without the type check, this is 2^64 visits.
    const socket: Record<string, unknown> = { id: 'socket' };
    socket.server = socket;
    socket.nsp = socket;
    await expect(pipe.transform(socket, { type: 'custom' })).resolves.toBe(socket);
  });
});
