import { api, ok } from '@/lib/api-client';

import type { Question } from '@/types/api';

import type { Category, Service, SubCategory } from '../types';

export type CategoryWithChildren = Category & { sub_categories?: SubCategory[] | null; services?: Service[] | null };

/** GET /projects/categories: the launch screen's Main Category list. */
export async function getCategories(): Promise<Category[]> {
  return (await ok(api.GET('/projects/categories'))).data;
}

/** GET /projects/sub-categories/{categoryId}. */
export async function getSubCategories(categoryId: number): Promise<SubCategory[]> {
  return (await ok(api.GET('/projects/sub-categories/{id}', { params: { path: { id: categoryId } } }))).data;
}

/** GET /projects/services with the category and sub-category filters. */
export async function getServices(categoryId: number, subCategoryId: number): Promise<Service[]> {
  const query = { 'filter[category_id]': categoryId, 'filter[sub_category_id]': subCategoryId };
  return (await ok(api.GET('/projects/services', { params: { query } }))).data;
}

/** GET /projects/categories/{id}/questions: the dynamic brief of a category. */
export async function getQuestions(categoryId: number): Promise<Question[]> {
  return (await ok(api.GET('/projects/categories/{id}/questions', { params: { path: { id: categoryId } } }))).data;
}
