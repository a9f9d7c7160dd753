import { apiClient } from '@/lib/api-client';

export interface CouponAnswer {
  message: string;
  status: number;
  data: { contest_type_coupon_id: number; code: string; applied_at: number; expires_at: number };
}

/** GET /contests/types/{id}/coupons/{code}/exists: validated by contest type and code. */
export function validateCoupon(typeId: number, code: string) {
  return apiClient.get<CouponAnswer>(`/contests/types/${typeId}/coupons/${encodeURIComponent(code)}/exists`);
}
