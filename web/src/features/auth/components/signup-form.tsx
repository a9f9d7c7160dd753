import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useForm } from '@/lib/form';
import type { User } from '@/types/api';

import { useLocations } from '../hooks/use-locations';
import { useSignupSubmit } from '../hooks/use-signup-submit';
import { EMPTY_SIGNUP, validateSignup, type SignupValues } from '../validation';

type TextFieldName = Exclude<keyof SignupValues, 'agree_terms' | 'agree_age_requirements'>;

interface SignupFormProps {
  /** The `ref` query parameter the visitor arrived with, sent as referral_source. */
  referral?: string;
  onSuccess: (user: User) => void;
}

/** The designer sign-up form; its sending (register, then sign in) is useSignupSubmit's. */
export function SignupForm({ referral, onSuccess }: SignupFormProps) {
  const { t } = useTranslation('auth');
  const locations = useLocations();
  const { pending, failure, setFailure, submit } = useSignupSubmit(referral, onSuccess);

  const [chosenCountryId, setChosenCountryId] = useState('');
  const chosenCountry = locations.countries.find((c) => String(c.id) === chosenCountryId);
  const stateRequired = Boolean(chosenCountry?.has_states);

  const form = useForm(EMPTY_SIGNUP, (values) => validateSignup(values, { stateRequired }));

  function clearServerError(name: keyof SignupValues) {
    setFailure((current) =>
      current?.fields[name]
        ? { ...current, fields: { ...current.fields, [name]: undefined } }
        : current,
    );
  }

  function errorFor(name: keyof SignupValues) {
    return form.visibleError(name) ?? failure?.fields[name];
  }

  function text(name: TextFieldName, label: string, type = 'text', autoComplete = 'off') {
    return (
      <TextField
        label={t(`signup.fields.${name}`, { defaultValue: label })}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(value) => {
          form.setValue(name, value);
          clearServerError(name);
        }}
        onBlur={() => form.touch(name)}
        error={errorFor(name)}
      />
    );
  }

  function chooseRegion(regionId: string) {
    form.setValuesWith((v) => ({ ...v, region_id: regionId, country_id: '', state_id: '' }));
    setChosenCountryId('');
    locations.chooseRegion(regionId);
  }

  function chooseCountry(countryId: string) {
    form.setValuesWith((v) => ({ ...v, country_id: countryId, state_id: '' }));
    setChosenCountryId(countryId);
    locations.chooseCountry(locations.countries.find((c) => String(c.id) === countryId));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    await submit(form.values, stateRequired);
  }

  const toOptions = (items: { id: number; name: string }[]) =>
    items.map((item) => ({ value: String(item.id), label: item.name }));

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure.message}</Alert>}
      <div className="grid gap-4 md:grid-cols-2">
        {text('email', 'Email', 'email', 'email')}
        {text('name', 'Full name', 'text', 'name')}
        {text('username', 'Username', 'text', 'username')}
        {text('phone', 'Phone', 'tel', 'tel')}
        <SelectField
          label={t('signup.region')}
          name="region_id"
          placeholder={t('signup.regionPlaceholder')}
          value={form.values.region_id}
          options={toOptions(locations.regions)}
          onChange={chooseRegion}
          onBlur={() => form.touch('region_id')}
          error={errorFor('region_id')}
        />
        <SelectField
          label={t('signup.country')}
          name="country_id"
          placeholder={t('signup.countryPlaceholder')}
          value={form.values.country_id}
          options={toOptions(locations.countries)}
          disabled={form.values.region_id === ''}
          onChange={chooseCountry}
          onBlur={() => form.touch('country_id')}
          error={errorFor('country_id')}
        />
        {stateRequired && (
          <SelectField
            label={t('signup.state')}
            name="state_id"
            placeholder={t('signup.statePlaceholder')}
            value={form.values.state_id}
            options={toOptions(locations.states)}
            onChange={(value) => form.setValue('state_id', value)}
            onBlur={() => form.touch('state_id')}
            error={errorFor('state_id')}
          />
        )}
        {text('city', 'City', 'text', 'address-level2')}
        {text('password', 'Password', 'password', 'new-password')}
        {text('confirm_password', 'Confirm password', 'password', 'new-password')}
        {text('paypal_email', 'PayPal email', 'email')}
      </div>
      <CheckboxField
        label={t('signup.agreeTerms')}
        checked={form.values.agree_terms}
        onChange={(checked) => {
          form.setValue('agree_terms', checked);
          form.touch('agree_terms');
        }}
        error={errorFor('agree_terms')}
      />
      <CheckboxField
        label={t('signup.agreeAge')}
        checked={form.values.agree_age_requirements}
        onChange={(checked) => {
          form.setValue('agree_age_requirements', checked);
          form.touch('agree_age_requirements');
        }}
        error={errorFor('agree_age_requirements')}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={!form.isValid || pending}
        isLoading={pending}
      >
        {t('signup.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} className="text-indigo-700 underline">
          {t('signup.logIn')}
        </Link>
      </p>
    </form>
  );
}
