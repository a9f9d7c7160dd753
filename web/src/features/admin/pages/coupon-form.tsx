import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { priceDollars } from '@/lib/money';
import { toast } from '@/lib/toast';

import { createCoupon, type NewCoupon, type Pricing } from '../api/contest-types-admin';

const EMPTY = { code: '', kind: 'percent', value: '', limit: '', pricing: '', user: '', customPrize: false };

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

/** The new-coupon form of a contest type: a code, a percentage or dollars off, and its limits. */
export function CouponForm({ typeId, pricings, onCreated }: { typeId: number; pricings: Pricing[]; onCreated: () => void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const off = Number(form.value);
    const common = {
      code: form.code.trim(),
      usage_limit: optionalNumber(form.limit),
      contest_type_pricing_id: optionalNumber(form.pricing),
      user_id: optionalNumber(form.user),
      allows_custom_prize: form.customPrize ? 1 : 0,
    };
    const body: NewCoupon = form.kind === 'percent' ? { ...common, percent_off: off } : { ...common, amount_off: off };
    try {
      await createCoupon(typeId, body);
      toast.success(t('coupons.created'));
      setForm(EMPTY);
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.keys(error.fields).map((name) => [name, error.fieldMessage(name)])));
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const kinds = [
    { value: 'percent', label: t('coupons.percent') },
    { value: 'amount', label: t('coupons.amount') },
  ];
  const packages = pricings.map((p) => ({ value: String(p.id), label: `${p.name} (${priceDollars(p.amount)})` }));
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 border-t border-slate-100 pt-4" aria-label={t('coupons.new')}>
      <h3 className="text-sm font-semibold text-slate-800">{t('coupons.new')}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t('coupons.code')} value={form.code} maxLength={40} onChange={(code) => set({ code })} error={errors.code} />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">{t('coupons.kind')}</legend>
          <div className="flex gap-4 py-2">
            {kinds.map((kind) => (
              <label key={kind.value} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input type="radio" name="coupon-kind" value={kind.value} checked={form.kind === kind.value} onChange={() => set({ kind: kind.value })} />
                {kind.label}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={form.kind === 'percent' ? t('coupons.percentValue') : t('coupons.amountValue')}
          type="number"
          min={1}
          max={form.kind === 'percent' ? 100 : undefined}
          value={form.value}
          onChange={(value) => set({ value })}
          error={errors.percent_off ?? errors.amount_off}
        />
        <TextField label={t('coupons.limit')} type="number" min={1} value={form.limit} onChange={(limit) => set({ limit })} error={errors.usage_limit} placeholder={t('coupons.noLimit')} />
        <SelectField label={t('coupons.package')} value={form.pricing} onChange={(pricing) => set({ pricing })} options={packages} placeholder={t('coupons.anyPackage')} error={errors.contest_type_pricing_id} />
        <TextField label={t('coupons.user')} type="number" min={1} value={form.user} onChange={(user) => set({ user })} error={errors.user_id} placeholder={t('coupons.anyClient')} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label={t('coupons.customPrize')} checked={form.customPrize} onChange={(customPrize) => set({ customPrize })} />
        <Button type="submit" isLoading={busy} disabled={busy || form.code.trim() === '' || form.value === ''}>
          {t('coupons.create')}
        </Button>
      </div>
    </form>
  );
}
