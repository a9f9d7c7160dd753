import { api, ok } from '@/lib/api-client';
import type { Schema, User } from '@/types/api';

const user = (id: number) => ({ path: { id } });

export type Profile = Schema<'ProfileView'>;
export type ProfileStatistics = Schema<'ProfileStatistics'>;
export type Winning = Schema<'WinningView'>;
export type PortfolioItem = Schema<'PortfolioView'>;
export type PortfolioCategory = Schema<'CategoryCount'>;
export type Settings = Schema<'SettingsView'>;
export type Referrals = Schema<'ReferralsView'>;

export type PortfolioSort = '-created_at' | 'created_at' | '-rating' | 'rating';
export type WinningSort = PortfolioSort;

/** GET /users/{id}/profile-information with every expansion the modal shows. */
export async function getProfile(userId: number, signal?: AbortSignal) {
  const query = { include: 'cover_pic,average_rating,experience,qualifications' };
  const params = { ...user(userId), query };
  const { data } = await ok(api.GET('/users/{id}/profile-information', { params, signal }));
  return data;
}

/** GET /users/{id}/profile-statistics: the counts that choose the tabs. */
export async function getStatistics(userId: number, signal?: AbortSignal) {
  const { data } = await ok(api.GET('/users/{id}/profile-statistics', { params: user(userId), signal }));
  return data;
}

/** GET /users/{id}/winnings: the Reviews tab. */
export function getWinnings(userId: number, query: { page: number; sort: WinningSort }, signal?: AbortSignal) {
  return ok(api.GET('/users/{id}/winnings', { params: { ...user(userId), query }, signal }));
}

/** GET /users/{id}/portfolios. */
export function getPortfolio(
  userId: number,
  query: { page: number; sort: PortfolioSort; category: number | null; rating?: number | null; likes?: number | null },
  signal?: AbortSignal,
) {
  const filter = {
    page: query.page,
    sort: query.sort,
    'filter[category]': query.category ?? undefined,
    'filter[rating]': query.rating ?? undefined,
    'filter[likes]': query.likes ?? undefined,
  };
  return ok(api.GET('/users/{id}/portfolios', { params: { ...user(userId), query: filter }, signal }));
}

/** GET /users/{id}/portfolios/categories. */
export async function getPortfolioCategories(userId: number, signal?: AbortSignal) {
  const { data } = await ok(api.GET('/users/{id}/portfolios/categories', { params: user(userId), signal }));
  return data;
}

export async function getSettings(userId: number) {
  const { data } = await ok(api.GET('/users/{id}/settings', { params: user(userId) }));
  return data;
}

export interface SettingsChange {
  language?: string;
  receives_newsletter?: number;
  profile_picture_file_id?: number;
  cover_pic_file_id?: number;
  /** `A` to `H`. */
  theme?: string;
}

export async function putSettings(userId: number, change: SettingsChange) {
  // `language` and `theme` are the values the settings view answered or the page's own choices.
  const body = change as Schema<'SettingsRequest'>;
  const { data } = await ok(api.PUT('/users/{id}/settings', { params: user(userId), body }));
  return data;
}

export interface ProfileTexts {
  name?: string;
  about_self?: string;
  featured_bio?: string;
  qualification?: Record<string, string>;
}

/** PUT /users/{id}: the texts of the profile. */
export async function putProfileTexts(userId: number, texts: ProfileTexts) {
  const { data } = await ok(api.PUT('/users/{id}', { params: user(userId), body: texts }));
  return data as User;
}

/** GET /users/{id}/referrals: the referral link and who signed up through it. */
export async function getReferrals(userId: number) {
  const { data } = await ok(api.GET('/users/{id}/referrals', { params: user(userId) }));
  return data;
}

/** The fields of a portfolio item the designer writes (an additional item: image, title, category). */
export interface PortfolioInput {
  file_id?: number;
  title: string;
  description: string;
  category_id: number;
}

/** POST /users/{id}/portfolios: an additional item from an upload. */
export async function addPortfolioItem(userId: number, input: PortfolioInput) {
  const { data } = await ok(api.POST('/users/{id}/portfolios', { params: user(userId), body: input }));
  return data;
}

/** PUT /users/{id}/portfolios/{itemId}: title, description and (additional items) category. */
export async function updatePortfolioItem(userId: number, itemId: number, input: Omit<PortfolioInput, 'file_id'>) {
  const params = { path: { id: userId, portfolioId: itemId } };
  const { data } = await ok(api.PUT('/users/{id}/portfolios/{portfolioId}', { params, body: input }));
  return data;
}

/** DELETE /users/{id}/portfolios/{itemId}. */
export function deletePortfolioItem(userId: number, itemId: number) {
  return ok(api.DELETE('/users/{id}/portfolios/{portfolioId}', { params: { path: { id: userId, portfolioId: itemId } } }));
}

export type LikeRatingStats = Schema<'LikeRatingStats'>;

/** GET /users/{id}/portfolios/like-rating-stats: likes and public ratings, for the filters' ranges (public). */
export async function getLikeRatingStats(userId: number, signal?: AbortSignal) {
  const { data } = await ok(api.GET('/users/{id}/portfolios/like-rating-stats', { params: user(userId), signal }));
  return data;
}

export type PreferredService = Schema<'Preferred'>;
export type ServiceWork = Schema<'ServiceWork'>;

/** GET /users/{id}/project/services: the designer's preferred services, each with the work shown with it. */
export async function getPreferredServices(userId: number, signal?: AbortSignal) {
  return (await ok(api.GET('/users/{id}/project/services', { params: user(userId), signal }))).data;
}

/** GET /users/{id}/project-preference/portfolios: every image shown with a preferred service. */
export async function getServiceWork(userId: number, signal?: AbortSignal) {
  return (await ok(api.GET('/users/{id}/project-preference/portfolios', { params: user(userId), signal }))).data;
}
