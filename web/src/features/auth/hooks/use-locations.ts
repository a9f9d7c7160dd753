import { useCallback, useEffect, useRef, useState } from 'react';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Country, Region, State } from '@/types/api';

import { getCountries } from '../api/get-countries';
import { getRegions } from '../api/get-regions';
import { getStates } from '../api/get-states';

/**
 * The region -> country -> state lists behind the sign-up selects. Choosing a parent clears
 * its children and loads the next list; an answer for an earlier choice is dropped.
 */
export function useLocations() {
  const [regions, setRegions] = useState<Region[]>([]);
  const [countries, setCountries] = useState<Country[]>([]);
  const [states, setStates] = useState<State[]>([]);
  // Numbers the latest request of each list, so a slow answer to an old choice is ignored.
  const countriesCall = useRef(0);
  const statesCall = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    getRegions({ signal: controller.signal }).then(setRegions, (error: unknown) => {
      if (!isAbortError(error)) toast.error(errorMessage(error));
    });
    return () => controller.abort();
  }, []);

  const chooseRegion = useCallback((regionId: string) => {
    const call = ++countriesCall.current;
    statesCall.current++;
    setCountries([]);
    setStates([]);
    if (regionId === '') return;
    getCountries(Number(regionId)).then(
      (list) => {
        if (call === countriesCall.current) setCountries(list);
      },
      (error: unknown) => {
        if (call === countriesCall.current) toast.error(errorMessage(error));
      },
    );
  }, []);

  const chooseCountry = useCallback((country: Country | undefined) => {
    const call = ++statesCall.current;
    setStates([]);
    if (!country?.has_states) return;
    getStates(country.id).then(
      (list) => {
        if (call === statesCall.current) setStates(list);
      },
      (error: unknown) => {
        if (call === statesCall.current) toast.error(errorMessage(error));
      },
    );
  }, []);

  return { regions, countries, states, chooseRegion, chooseCountry };
}
