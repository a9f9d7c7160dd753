/** Base64 of UTF-8 text: codes from the URL (coupons, referrals) are stored encoded (contests doc, section 3). */
export function encodeText(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/** The text `encodeText` stored, or null when it is not valid base64 of UTF-8. */
export function decodeText(value: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}
