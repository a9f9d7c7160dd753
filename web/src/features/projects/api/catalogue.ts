import { apiClient } from '@/lib/api-client';
import type { Question, DataEnvelope } from '@/types/api';

import type { Category, Service, SubCategory } from '../types';

export type CategoryWithChildren = Category & { sub_categories?: SubCategory[]; services?: Service[] };

/** GET /projects/categories: the launch screen's Main Category list. */
export async function getCategories(): Promise<Category[]> {
  return (await apiClient.get<DataEnvelope<Category[]>>('/projects/categories')).data;
}

/** GET /projects/sub-categories/{categoryId}. */
export async function getSubCategories(categoryId: number): Promise<SubCategory[]> {
  return (await apiClient.get<DataEnvelope<SubCategory[]>>(`/projects/sub-categories/${categoryId}`)).data;
}

/** GET /projects/services with the category and sub-category filters. */
export async function getServices(categoryId: number, subCategoryId: number): Promise<Service[]> {
  const query = { 'filter[category_id]': categoryId, 'filter[sub_category_id]': subCategoryId };
  return (await apiClient.get<DataEnvelope<Service[]>>('/projects/services', { query })).data;
}

/** GET /projects/categories/{id}/questions: the dynamic brief of a category. */
export async function getQuestions(categoryId: number): Promise<Question[]> {
  return (await apiClient.get<DataEnvelope<Question[]>>(`/projects/categories/${categoryId}/questions`)).data;
}
