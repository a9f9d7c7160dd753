import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type CouponAnswer = Schema<'ValidationAnswer'>;

/** GET /contests/types/{id}/coupons/{code}/exists: validated by contest type and code. */
export function validateCoupon(typeId: number, code: string) {
  return ok(api.GET('/contests/types/{id}/coupons/{code}/exists', { params: { path: { id: typeId, code } } }));
}
