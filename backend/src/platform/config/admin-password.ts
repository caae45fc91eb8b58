/** The shortest ADMIN_PASSWORD production accepts; elsewhere the floor is MIN_ADMIN_PASSWORD. */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;
export const MIN_ADMIN_PASSWORD = 8;

/** Passwords published in documentation or examples: refused in production. */
const PUBLISHED_DEFAULTS = new Set(['nexus-admin', 'admin', 'password', 'changeme', 'change-me']);

/**
 * Passwords of 12 characters or more that lead every leaked-password list, compared without case,
 * spaces, dashes or underscores; and a single character or a keyboard or digit run repeated
 * ("aaaaaaaaaaaa", "123123123123") is refused with them.
 */
const COMMON = new Set([
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'password!234',
  'p@ssw0rd1234',
  'p@ssword1234',
  'passw0rd1234',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'qwertyuiopasdfgh',
  'qwerty123456',
  'qwertyqwerty',
  'qazwsxedcrfv',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'zaq12wsxcde3',
  'asdfghjkl123',
  'asdfasdfasdf',
  'iloveyou1234',
  'iloveyouiloveyou',
  'administrator',
  'administrator1',
  'administrator123',
  'adminadminadmin',
  'admin1234567',
  'admin123456789',
  'adminpassword',
  'adminpassword123',
  'changeme1234',
  'changemenow!',
  'letmein12345',
  'letmeinletmein',
  'welcome12345',
  'welcome123456',
  'trustno1trustno1',
  'football1234',
  'baseball1234',
  'monkey123456',
  'dragon123456',
  'sunshine1234',
  'princess1234',
  'superman1234',
  'starwars1234',
  'whatever1234',
  'secretpassword',
  'mysecretpassword',
  'supersecret123',
  'nexusadmin123',
  'nexusadmin1234',
  'nexuspassword',
  'nexusnexusnexus',
  'abcdefghijkl',
  'abcdefghijklm',
  'abc123abc123',
  'abcd1234abcd',
  'abcd12345678',
  '1234567890ab',
  '1234qwerasdf',
  '123456789012',
  '1234567890123',
  '12345678901234',
  '098765432109',
  '987654321098',
  '000000000000',
  '111111111111',
  '123123123123',
  '123456123456',
  '121212121212',
  '147258369147',
  '159753159753',
]);

const normalise = (password: string) => password.toLowerCase().replace(/[\s_-]+/g, '');

/** True for a password made of one short run said again and again ("abcabcabcabc", "121212121212"). */
function repeatsItself(password: string): boolean {
  for (let size = 1; size <= 4; size++) {
    const unit = password.slice(0, size);
    if (password.length > size && unit.repeat(Math.ceil(password.length / size)).startsWith(password))
      return true;
  }
  return false;
}

/**
 * What is wrong with ADMIN_PASSWORD for this deployment, or null. Production: at least 12
 * characters, no published default, no common password. Elsewhere: at least 8 characters.
 */
export function adminPasswordProblem(password: string, production: boolean): string | null {
  if (production && PUBLISHED_DEFAULTS.has(password)) {
    return 'ADMIN_PASSWORD is a published default: choose your own (a long random secret)';
  }
  if (production && (COMMON.has(normalise(password)) || repeatsItself(normalise(password)))) {
    return 'ADMIN_PASSWORD is a common password, refused in production: choose a long random secret';
  }
  const min = production ? MIN_PRODUCTION_ADMIN_PASSWORD : MIN_ADMIN_PASSWORD;
  if (password.length < min) {
    return production
      ? `ADMIN_PASSWORD must be at least ${min} characters in production (got ${password.length})`
      : `ADMIN_PASSWORD must be at least ${min} characters`;
  }
  return null;
}
