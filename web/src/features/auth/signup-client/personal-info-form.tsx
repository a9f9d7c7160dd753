import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { errorMessage } from '@/lib/error-messages';
import { setCurrentUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { updateProfile } from '../api/update-profile';
import { useLocations } from '../hooks/use-locations';

/** `/personal-info`: a new client's name, phone and location (registration step 1 -> 2). */
export function PersonalInfoForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation('signup-client');
  const locations = useLocations();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState('');
  const [regionId, setRegionId] = useState('');
  const [countryId, setCountryId] = useState('');
  const [stateId, setStateId] = useState('');
  const [city, setCity] = useState(user.detail?.city ?? '');
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const country = locations.countries.find((c) => String(c.id) === countryId);
  const needsState = country?.has_states ?? false;
  const missing = (value: string) => (attempted && value.trim() === '' ? t('errRequired') : undefined);
  const valid = name.trim() !== '' && phone.trim() !== '' && countryId !== '' && (!needsState || stateId !== '');
  const options = (items: { id: number; name: string }[]) => items.map((item) => ({ value: String(item.id), label: item.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!valid || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const saved = await updateProfile(user.id, {
        name: name.trim(),
        phone: phone.trim(),
        region_id: Number(regionId),
        country_id: Number(countryId),
        state_id: needsState ? Number(stateId) : null,
        city: city.trim(),
      });
      setCurrentUser(saved);
      toast.success(t('saved'));
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('personalIntro')}</p>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('name')} name="name" autoComplete="name" value={name} onChange={setName} error={missing(name)} />
        <TextField label={t('phone')} name="phone" type="tel" autoComplete="tel" value={phone} onChange={setPhone} error={missing(phone)} />
        <SelectField
          label={t('region')}
          placeholder={t('selectRegion')}
          value={regionId}
          options={options(locations.regions)}
          onChange={(value) => {
            setRegionId(value);
            setCountryId('');
            setStateId('');
            locations.chooseRegion(value);
          }}
          error={missing(regionId)}
        />
        <SelectField
          label={t('country')}
          placeholder={t('selectCountry')}
          value={countryId}
          options={options(locations.countries)}
          disabled={regionId === ''}
          onChange={(value) => {
            setCountryId(value);
            setStateId('');
            locations.chooseCountry(locations.countries.find((c) => String(c.id) === value));
          }}
          error={missing(countryId)}
        />
        {needsState && (
          <SelectField
            label={t('state')}
            placeholder={t('selectState')}
            value={stateId}
            options={options(locations.states)}
            onChange={setStateId}
            error={missing(stateId)}
          />
        )}
        <TextField label={t('city')} name="city" autoComplete="address-level2" value={city} onChange={setCity} />
      </div>
      <Button type="submit" className="w-full sm:w-auto" disabled={pending} isLoading={pending}>
        {t('save')}
      </Button>
    </form>
  );
}
