import { decodeText, encodeText } from '@/lib/encoded';
import { storage } from '@/lib/storage';

/** A coupon from the URL counts for 24 hours after it was applied (section 9). */
export const COUPON_HOURS = 24;
const CODE_KEY = 'vitrine.coupon';
const AT_KEY = 'vitrine.coupon_at';

/** Keeps `discount_code` from the URL, base64-encoded, with the time it was applied. */
export function rememberCoupon(code: string, now = Date.now()): void {
  const trimmed = code.trim();
  if (trimmed === '' || trimmed.length > 64) return;
  storage.set(CODE_KEY, encodeText(trimmed));
  storage.set(AT_KEY, String(now));
}

/** A failed validation clears the stored code and its date (section 8). */
export function forgetCoupon(): void {
  storage.remove(CODE_KEY);
  storage.remove(AT_KEY);
}

/** The stored code while it is valid. */
export function storedCoupon(now = Date.now()): string | null {
  const stored = storage.get(CODE_KEY);
  const at = Number(storage.get(AT_KEY));
  if (stored === null || !Number.isFinite(at)) return null;
  if (now - at > COUPON_HOURS * 3_600_000) {
    forgetCoupon();
    return null;
  }
  const code = decodeText(stored);
  if (code === null) forgetCoupon();
  return code;
}
