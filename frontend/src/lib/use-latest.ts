import { useEffect, useRef } from 'react';

/**
 * A ref that follows `value` after every render: for effects and callbacks that read the latest
 * value without starting again whenever it changes.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
