/**
 * The nonce of the page's Content Security Policy, which the server writes into the page as
 * `<meta property="csp-nonce" nonce>`, handed to the <style> elements Radix dialogs add to lock
 * the page's scroll (react-remove-scroll reads it through get-nonce's `__webpack_nonce__`).
 * Without it the policy refuses those styles. No meta (the dev server): nothing to do.
 */
export function applyCspNonce(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
