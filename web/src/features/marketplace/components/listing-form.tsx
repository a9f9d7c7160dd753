import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiError } from '@/lib/api-client';
import { catalogueText } from '@/lib/catalogue';
import { errorMessage } from '@/lib/error-messages';
import { priceDollars } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useFileUrl } from '@/lib/use-file-url';

import type { Listing } from '../api/marketplace';
import { saveListing } from '../api/save-listing';
import {
  initialValues,
  keptTags,
  listingRequest,
  listingStatus,
  MAX_DESCRIPTION,
  MAX_PRICE,
  MAX_TITLE,
  MIN_PRICE,
  validateListing,
  type ListingValues,
  type SellTarget,
} from '../listing-rules';
import { useMarketplaceTerms } from '../use-marketplace-terms';

interface ListingFormProps {
  target: SellTarget;
  /** The listing being changed; null to list the entry. */
  listing: Listing | null;
  onClose: () => void;
  onSaved: (listing: Listing) => void;
}

/**
 * Listing an entry for sale, or changing its listing: title, price in whole US dollars, category,
 * tags and description. A withdrawn listing stays withdrawn when changed.
 */
export function ListingForm({ target, listing, onClose, onSaved }: ListingFormProps) {
  const { t } = useTranslation('marketplace');
  const { categories, tags } = useMarketplaceTerms();
  const [values, setValues] = useState<ListingValues>(() => initialValues(listing, target.defaultTitle));
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const image = useFileUrl(target.imagePath, { size: 'thumb' });
  const formId = useId();
  const descriptionId = `${formId}-description`;

  const errors = validateListing(values);
  const shown = (field: keyof ListingValues) => {
    const own = submitted ? errors[field] : undefined;
    if (own) return t(own, { min: priceDollars(MIN_PRICE), max: priceDollars(MAX_PRICE) });
    return undefined;
  };
  const serverField = (field: string) => (failure instanceof ApiError ? failure.fieldMessage(field) : undefined);
  const set = <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (pending || Object.keys(errors).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      const hidden = listing !== null && listingStatus(listing) === 'hidden';
      // The listing's own tags, less any retired since (the server takes active tags only).
      const saved = await saveListing(listingRequest(target.entryId, { ...values, tagIds: keptTags(values.tagIds, tags) }, hidden));
      toast.success(t(listing === null ? 'form.listed' : 'form.saved', { title: saved.title }));
      onSaved(saved);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const toggleTag = (id: number, on: boolean) => {
    const others = values.tagIds.filter((tag) => tag !== id);
    set('tagIds', on ? [...others, id] : others);
  };

  return (
    <ModalDialog
      title={listing === null ? t('form.newTitle') : t('form.editTitle')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={pending} disabled={pending} data-testid="listing-submit">
            {listing === null ? t('form.list') : t('form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="listing-form">
        <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-3">
          <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-200 text-xs text-slate-700">
            {image ? <img src={image} alt="" className="h-full w-full object-cover" /> : target.defaultTitle.slice(0, 1)}
          </div>
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{target.defaultTitle}</p>
            {target.contestTitle && <p className="truncate text-xs text-slate-600">{t('mine.fromContest', { title: target.contestTitle })}</p>}
          </div>
        </div>
        {failure !== null && <Alert>{errorMessage(failure)}</Alert>}
        <TextField
          label={t('form.title')}
          name="title"
          value={values.title}
          onChange={(value) => set('title', value)}
          maxLength={MAX_TITLE}
          placeholder={t('form.titlePlaceholder')}
          error={shown('title') ?? serverField('title')}
        />
        <div>
          <TextField
            label={t('form.price')}
            name="sale_price"
            type="number"
            inputMode="numeric"
            min={MIN_PRICE}
            max={MAX_PRICE}
            step={1}
            value={values.price}
            onChange={(value) => set('price', value)}
            error={shown('price') ?? serverField('sale_price')}
          />
          <p className="mt-1 text-xs text-slate-600">{t('form.priceHint', { min: priceDollars(MIN_PRICE), max: priceDollars(MAX_PRICE) })}</p>
        </div>
        <SelectField
          label={t('category')}
          name="marketplace_category_id"
          value={values.categoryId}
          onChange={(value) => set('categoryId', value)}
          placeholder={t('form.noCategory')}
          options={categories.map((category) => ({ value: String(category.id), label: catalogueText(category.title) }))}
          error={serverField('marketplace_category_id')}
        />
        {tags !== null && tags.length > 0 && (
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">{t('form.tags')}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {tags.map((tag) => (
                <CheckboxField key={tag.id} label={catalogueText(tag.title)} checked={values.tagIds.includes(tag.id)} onChange={(on) => toggleTag(tag.id, on)} />
              ))}
            </div>
            {serverField('marketplace_tag_ids') && <p className="mt-1 text-xs text-red-600">{serverField('marketplace_tag_ids')}</p>}
          </fieldset>
        )}
        <div>
          <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('form.description')}
          </label>
          <textarea
            id={descriptionId}
            name="description"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            rows={4}
            maxLength={MAX_DESCRIPTION}
            aria-invalid={shown('description') || serverField('description') ? true : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none"
          />
          {(shown('description') ?? serverField('description')) && (
            <p className="mt-1 text-xs text-red-600">{shown('description') ?? serverField('description')}</p>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}
