/**
 * An href for a link typed by a visitor (submission website, social links): http(s) as is, a bare
 * host gets https://, anything with another scheme (javascript:, data:) is not linked at all.
 */
export function safeExternalHref(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (/^https?:\/\//i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return null;
  return `https://${text}`;
}
