import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, Page, Schema, User } from '@/types/api';

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
  const { data } = await apiClient.get<DataEnvelope<Profile>>(`/users/${userId}/profile-information`, {
    query: { include: 'cover_pic,average_rating,experience,qualifications' },
    signal,
  });
  return data;
}

/** GET /users/{id}/profile-statistics: the counts that choose the tabs. */
export async function getStatistics(userId: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<DataEnvelope<ProfileStatistics>>(`/users/${userId}/profile-statistics`, { signal });
  return data;
}

/** GET /users/{id}/winnings: the Reviews tab. */
export function getWinnings(userId: number, query: { page: number; sort: WinningSort }, signal?: AbortSignal) {
  return apiClient.get<Page<Winning>>(`/users/${userId}/winnings`, { query, signal });
}

/** GET /users/{id}/portfolios. */
export function getPortfolio(userId: number, query: { page: number; sort: PortfolioSort; category: number | null }, signal?: AbortSignal) {
  return apiClient.get<Page<PortfolioItem>>(`/users/${userId}/portfolios`, {
    query: { page: query.page, sort: query.sort, 'filter[category]': query.category ?? undefined },
    signal,
  });
}

/** GET /users/{id}/portfolios/categories. */
export async function getPortfolioCategories(userId: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<DataEnvelope<PortfolioCategory[]>>(`/users/${userId}/portfolios/categories`, { signal });
  return data;
}

export async function getSettings(userId: number) {
  const { data } = await apiClient.get<DataEnvelope<Settings>>(`/users/${userId}/settings`);
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
  const { data } = await apiClient.put<DataEnvelope<Settings>>(`/users/${userId}/settings`, change);
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
  const { data } = await apiClient.put<DataEnvelope<User>>(`/users/${userId}`, texts);
  return data;
}

/** GET /users/{id}/referrals: the referral link and who signed up through it. */
export async function getReferrals(userId: number) {
  const { data } = await apiClient.get<DataEnvelope<Referrals>>(`/users/${userId}/referrals`);
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
  const { data } = await apiClient.post<DataEnvelope<PortfolioItem>>(`/users/${userId}/portfolios`, input);
  return data;
}

/** PUT /users/{id}/portfolios/{itemId}: title, description and (additional items) category. */
export async function updatePortfolioItem(userId: number, itemId: number, input: Omit<PortfolioInput, 'file_id'>) {
  const { data } = await apiClient.put<DataEnvelope<PortfolioItem>>(`/users/${userId}/portfolios/${itemId}`, input);
  return data;
}

/** DELETE /users/{id}/portfolios/{itemId}. */
export function deletePortfolioItem(userId: number, itemId: number) {
  return apiClient.delete<unknown>(`/users/${userId}/portfolios/${itemId}`);
}
