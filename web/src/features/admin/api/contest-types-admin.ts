import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type ContestType = Schema<'ContestTypeView'>;
export type ContestTypeUpdate = Schema<'ContestTypeUpdate'>;
export type Coupon = Schema<'CouponView'>;
export type Pricing = Schema<'PricingView'>;

/** What the coupon form sends: a percentage or a whole-dollar amount off. */
export type NewCoupon = Schema<'CouponBody'>;

const byId = (id: number) => ({ params: { path: { id } } });

/** GET /contests/types: every type, in launch-page order. */
export async function getContestTypes(signal?: AbortSignal): Promise<ContestType[]> {
  return (await ok(api.GET('/contests/types', { signal }))).data;
}

/** PUT /contests/types/{id}: fields left out keep their value; any broken rule changes nothing. */
export async function updateContestType(id: number, body: ContestTypeUpdate): Promise<ContestType> {
  return (await ok(api.PUT('/contests/types/{id}', { ...byId(id), body }))).data;
}

/** The type's prize packages, for a coupon that applies to one package only. */
export async function getPricings(typeId: number, signal?: AbortSignal): Promise<Pricing[]> {
  return (await ok(api.GET('/contests/types/{id}/pricings', { ...byId(typeId), signal }))).data;
}

/** A type's live coupons with their use so far. */
export async function getCoupons(typeId: number, signal?: AbortSignal): Promise<Coupon[]> {
  return (await ok(api.GET('/contests/types/{id}/coupons', { ...byId(typeId), signal }))).data;
}

export async function createCoupon(typeId: number, body: NewCoupon): Promise<Coupon> {
  return (await ok(api.POST('/contests/types/{id}/coupons', { ...byId(typeId), body }))).data;
}

/** Withdraws a coupon; its redemptions stay on record. */
export const deleteCoupon = (typeId: number, code: string) =>
  ok(api.DELETE('/contests/types/{id}/coupons/{code}', { params: { path: { id: typeId, code } } }));
