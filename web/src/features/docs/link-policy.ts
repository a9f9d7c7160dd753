/**
 * The links a shared document may hold. The hub refuses (`doc.invalid`) an update carrying a
 * link whose address is not `http://`, `https://` or `mailto:` (server/src/realtime/docs/schema.rs,
 * `safe_href`), and a refused edit stalls the editor's later ones, so the editor makes no other
 * link: pasted, typed or set, an address this does not allow stays plain text.
 */
const SAFE_START = /^(https?:\/\/|mailto:)/;
const MAX_HREF = 2048;

/** Read as a browser reads it: ASCII whitespace and controls dropped, the scheme in any case. */
export function isSafeHref(href: string): boolean {
  if (href.length > MAX_HREF) return false;
  // eslint-disable-next-line no-control-regex -- controls are exactly what is dropped
  const seen = href.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return SAFE_START.test(seen);
}
