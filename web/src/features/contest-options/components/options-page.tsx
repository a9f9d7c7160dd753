import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';

import { setOptions, type QuoteRequest } from '../api/options';
import { initialLength, initialPricing, RUSH_LENGTH_ID, upgradesOnContest } from '../pricing';
import { useLaunchData, type LaunchData } from '../use-launch-data';
import { useQuote } from '../use-quote';
import { QuoteLines } from './quote-lines';
import { LaunchSteps } from './launch-steps';
import { LengthChoices } from './length-choices';
import { PackageChoices } from './package-choices';
import { StartSubscriptionModal } from './start-subscription-modal';
import { UpgradeOption } from './upgrade-option';
import { catalogueText } from '@/lib/catalogue';

/** `/contests/{id}/options`: step 3 of the launch, the prize package, the length and the upgrades. */
export function OptionsPage({ contestId, subscribed }: { contestId: number; subscribed: boolean }) {
  const { data } = useLaunchData(contestId);
  if (data === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading" />
      </div>
    );
  }
  return <OptionsForm key={data.contest.id} data={data} subscribed={subscribed} />;
}

function OptionsForm({ data, subscribed }: { data: LaunchData; subscribed: boolean }) {
  const { t } = useTranslation('contest-options');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { contest, pricings, upgrades, lengths, freeUpgrades } = data;
  const [pricingId, setPricingId] = useState(() => initialPricing(pricings, contest.contest_type_pricing_id ?? null));
  const [lengthId, setLengthId] = useState(() => initialLength(lengths, contest.contest_type_length_id ?? null));
  const [upgradeIds, setUpgradeIds] = useState<number[]>(() => upgradesOnContest(contest, upgrades));
  // undefined: the contest's own coupon (from the launch link); '': removed by the client.
  const [couponCode, setCouponCode] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Start Contest Now on the brief opens the start-next-subscription-contest modal here.
  const [startModal, setStartModal] = useState(subscribed && search.get('start') === '1' && contest.status_id === 1);

  const tipOnly = contest.is_tip === 1;
  const rush = upgrades.find((u) => u.is_rush === 1) ?? null;
  // The server prices the choices (debounced): the total shown is the one the payment charges.
  const request: QuoteRequest | null =
    pricingId === null
      ? null
      : {
          contest_type_pricing_id: pricingId,
          upgrade_ids: upgradeIds,
          contest_length_id: lengthId,
          ...(couponCode !== undefined ? { coupon_code: couponCode } : {}),
        };
  const { quote, error: quoteError, errorCode, loading } = useQuote(contest.id, request);
  const couponRefused = errorCode?.startsWith('coupon.') ?? false;

  // Rush is the 3-day length sold as an upgrade: ticking one picks the other.
  function toggle(id: number, on: boolean) {
    setUpgradeIds((current) => (on ? [...current, id] : current.filter((known) => known !== id)));
    if (rush !== null && id === rush.id) {
      setLengthId(on ? RUSH_LENGTH_ID : initialLength(lengths, null));
    }
  }

  function chooseLength(id: number) {
    setLengthId(id);
    if (rush === null) return;
    setUpgradeIds((current) => {
      const without = current.filter((known) => known !== rush.id);
      return id === RUSH_LENGTH_ID ? [...without, rush.id] : without;
    });
  }

  async function save() {
    if (pricingId === null || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await setOptions(contest.id, {
        contest_type_pricing_id: pricingId,
        upgrade_ids: upgradeIds,
        contest_length_id: lengthId,
        ...(couponCode !== undefined ? { coupon_code: couponCode } : {}),
      });
      const pay = search.get('pay') === '1' ? '?pay=1' : '';
      navigate(`/contests/${contest.id}/review${pay}`);
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <LaunchSteps contestId={contest.id} current={3} tipOnly={tipOnly} />
      {startModal && (
        <StartSubscriptionModal data={data} pricingId={pricingId} lengthId={lengthId} onClose={() => setStartModal(false)} />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <header>
            <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{catalogueText(contest.contest_type_title)}</p>
            <h1 className="text-2xl font-bold text-slate-900">{contest.title || t('untitled')}</h1>
            <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
          </header>
          {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}

          <PackageChoices pricings={pricings} pricingId={pricingId} onChoose={setPricingId} />
          {lengths.length > 0 && <LengthChoices lengths={lengths} lengthId={lengthId} onChoose={chooseLength} />}

          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t('upgrades')}</h2>
            {freeUpgrades && <p className="mt-1 text-sm text-emerald-700">{t('freeUpgrades')}</p>}
            <div className="mt-4 space-y-2">
              {upgrades.map((upgrade) => (
                <UpgradeOption
                  key={upgrade.id}
                  upgrade={upgrade}
                  checked={upgradeIds.includes(upgrade.id)}
                  disabled={false}
                  freeUpgrades={freeUpgrades}
                  onChange={(on) => toggle(upgrade.id, on)}
                />
              ))}
            </div>
          </section>
        </div>

        <aside className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-6">
          <h2 className="text-base font-semibold text-slate-900">{t('summary')}</h2>
          <dl className="mt-3 space-y-2 text-sm" aria-busy={loading}>
            {quote ? (
              <QuoteLines quote={quote} testId="options-total" loading={loading} />
            ) : quoteError ? null : (
              <div className="flex justify-center py-2">
                <Spinner label={t('pricing')} />
              </div>
            )}
          </dl>
          {quoteError && (
            <div className="mt-3 space-y-2" data-testid="quote-error">
              <Alert>{quoteError}</Alert>
              {couponRefused && (
                <Button variant="secondary" className="w-full" onClick={() => setCouponCode('')}>
                  {t('removeCoupon')}
                </Button>
              )}
            </div>
          )}
          <Button className="mt-4 w-full" onClick={() => void save()} disabled={pricingId === null || pending || quote === null} isLoading={pending}>
            {t('continueToReview')}
          </Button>
        </aside>
      </div>
    </div>
  );
}
