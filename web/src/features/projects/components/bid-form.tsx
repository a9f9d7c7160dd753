import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { placeBid } from '../api/bids';
import { useAttachments } from '../hooks/use-attachments';
import type { Bid } from '../types';


/** A designer's bid on a live project: amount, offer and optional files. */
export function BidForm({ projectId, budget, onPlaced }: { projectId: number; budget: number | null; onPlaced: (bid: Bid) => void }) {
  const { t } = useTranslation('projects');
  const [amount, setAmount] = useState(budget ? String(budget) : '');
  const [description, setDescription] = useState('');
  const { files, attach } = useAttachments();
  const [pending, setPending] = useState(false);
  const valid = Number(amount) >= 1 && description.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || pending) return;
    setPending(true);
    try {
      const bid = await placeBid(projectId, { amount: Math.round(Number(amount)), description: description.trim(), file_ids: files.map((f) => f.id) });
      toast.success(t('bids.placed'));
      onPlaced(bid);
    } catch (error) {
      toast.error(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="bid-form" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{t('bids.formTitle')}</h3>
      <label className="block text-sm font-medium text-slate-700">
        {t('bids.amount')}
        <input type="number" min={1} value={amount} onChange={(e) => setAmount(e.target.value)} className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t('bids.offer')}
        <textarea rows={4} value={description} onChange={(e) => setDescription(e.target.value)} placeholder={t('bids.offerPlaceholder')} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t('bids.files')}
        <input type="file" multiple onChange={(e) => void attach(e.target.files)} className="mt-1 block text-sm" />
      </label>
      {files.length > 0 && <p className="text-xs text-slate-500">{files.map((f) => f.name).join(', ')}</p>}
      <Button type="submit" disabled={!valid || pending} isLoading={pending}>
        {t('bids.place')}
      </Button>
    </form>
  );
}
