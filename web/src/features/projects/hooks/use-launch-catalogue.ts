import { useEffect, useRef, useState } from 'react';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Question } from '@/types/api';

import { getCategories, getQuestions, getServices, getSubCategories } from '../api/catalogue';
import type { Category, Service, SubCategory } from '../types';

export interface LaunchSlugs {
  category?: string;
  subCategory?: string;
  service?: string;
}

/**
 * The three selectors' lists and the category's questions (section 4, launch flow): choosing a
 * category resets sub-categories, services and the service and loads its questions; choosing a
 * sub-category resets the services. The slugs of the address pick the first choices.
 */
export function useLaunchCatalogue(initial: LaunchSlugs) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [subCategories, setSubCategories] = useState<SubCategory[] | null>(null);
  const [services, setServices] = useState<Service[] | null>(null);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [category, setCategory] = useState<Category | null>(null);
  const [subCategory, setSubCategory] = useState<SubCategory | null>(null);
  const [service, setService] = useState<Service | null>(null);
  // The address's slugs pick the first choices, each once its list has arrived.
  const initialSlugs = useRef(initial);
  const fail = (error: unknown) => toast.error(errorMessage(error));

  function chooseCategory(next: Category | null, slugs: LaunchSlugs = {}) {
    setCategory(next);
    setSubCategory(null);
    setService(null);
    setSubCategories(null);
    setServices(null);
    setQuestions([]);
    if (!next) return;
    getSubCategories(next.id).then((list) => {
      setSubCategories(list);
      const found = list.find((s) => s.launch_slug === slugs.subCategory);
      if (found) chooseSubCategory(found, slugs);
    }, fail);
    getQuestions(next.id).then(setQuestions, fail);
  }

  function chooseSubCategory(next: SubCategory | null, slugs: LaunchSlugs = {}) {
    setSubCategory(next);
    setService(null);
    setServices(null);
    if (!next) return;
    getServices(next.project_category_id, next.id).then((list) => {
      setServices(list);
      const found = list.find((s) => s.launch_slug === slugs.service);
      if (found) setService(found);
    }, fail);
  }

  useEffect(() => {
    getCategories().then((list) => {
      setCategories(list);
      const slugs = initialSlugs.current;
      const found = list.find((c) => c.launch_slug === slugs.category);
      if (found) chooseCategory(found, slugs);
    }, fail);
    // Once, on mount: later choices come from the selectors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    categories,
    subCategories,
    services,
    questions,
    category,
    subCategory,
    service,
    chooseCategory: (next: Category | null) => chooseCategory(next),
    chooseSubCategory: (next: SubCategory | null) => chooseSubCategory(next),
    chooseService: setService,
  };
}

/** The catalogue and the choices made in it, as the launch page's selectors show them. */
export type LaunchCatalogue = ReturnType<typeof useLaunchCatalogue>;
