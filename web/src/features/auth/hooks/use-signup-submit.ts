import { useState } from 'react';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { USER_TYPE, type User } from '@/types/api';

import { register, type DesignerRegistration } from '@/lib/auth/register';
import { signIn } from '@/lib/auth/sign-in';
import { failureFrom, type Failure as SignupFailure } from '../failure';
import { EMPTY_SIGNUP, type SignupValues } from '../validation';

type Failure = SignupFailure<SignupValues>;

const FIELD_NAMES = Object.keys(EMPTY_SIGNUP) as (keyof SignupValues)[];

/** The registration sent for the form's values (the state only where the country has states). */
function registrationOf(v: SignupValues, stateRequired: boolean, referral?: string): DesignerRegistration {
  return {
    email: v.email.trim(),
    region_id: Number(v.region_id),
    country_id: Number(v.country_id),
    state_id: stateRequired ? Number(v.state_id) : null,
    city: v.city.trim(),
    name: v.name.trim(),
    username: v.username,
    phone: v.phone.trim(),
    password: v.password,
    confirm_password: v.confirm_password,
    paypal_email: v.paypal_email.trim(),
    agree_terms: 1,
    agree_age_requirements: 1,
    user_type_id: USER_TYPE.designer,
    ...(referral ? { referral_source: referral } : {}),
  };
}

/**
 * The designer sign-up's sending: registers, then signs in with the same credentials. Holds the
 * pending flag and the failure (its per-field messages shown under the fields).
 */
export function useSignupSubmit(referral: string | undefined, onSuccess: (user: User) => void) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(values: SignupValues, stateRequired: boolean) {
    const payload = registrationOf(values, stateRequired, referral);
    setPending(true);
    setFailure(null);
    try {
      await register(payload);
    } catch (error) {
      setFailure(failureFrom<SignupValues>(error, FIELD_NAMES));
      setPending(false);
      return;
    }
    toast.success('Registered Successfully');
    try {
      onSuccess(await signIn({ username: payload.username, password: payload.password }));
    } catch (error) {
      setFailure({ message: errorMessage(error), fields: {} });
      setPending(false);
    }
  }

  return { pending, failure, setFailure, submit };
}
