/** A true/false preference in localStorage; null when never stored or when storage is unavailable. */
export function readFlag(key: string): boolean | null {
  try {
    const value = window.localStorage.getItem(key);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function writeFlag(key: string, value: boolean): void {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Private mode or a full quota: the preference lasts for this page only.
  }
}
