import { withRoom } from './with-room.js';

describe(withRoom.name, () => {
  it('answers the array itself while it has room for one more value', () => {
    const array = new Int32Array(4);
    expect(withRoom(array, 3)).toBe(array);
  });

  it('answers a copy twice as long, of the same kind and with the same values, once full', () => {
    const full = BigUint64Array.from([1n, 2n, 3n]);
    const grown = withRoom(full, 3);
    expect(grown).toBeInstanceOf(BigUint64Array);
    expect(grown.length).toBe(6);
    expect([...grown.subarray(0, 3)]).toEqual([1n, 2n, 3n]);
  });

  it('grows an empty array too', () => {
    expect(withRoom(new Float64Array(0), 0).length).toBe(1);
  });
});
