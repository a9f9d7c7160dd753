import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Card } from '@/lib/payments/cards';
import { CardLabel } from './card-label';

interface CardRadioListProps {
  cards: Card[];
  selectedId: number | null;
  onSelect: (cardId: number) => void;
}

/** The saved cards as a radio list (launch and subscription pages). */
export function CardRadioList({ cards, selectedId, onSelect }: CardRadioListProps) {
  const { t } = useTranslation('payments');
  // Each list is its own radio group: a page may hold two payment forms.
  const group = useId();
  if (cards.length === 0) return <p className="text-sm text-slate-500">{t('noCards')}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{t('savedCards')}</legend>
      <ul className="space-y-2">
        {cards.map((card) => (
          <li key={card.id}>
            <label
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm ${selectedId === card.id ? 'border-indigo-600 bg-indigo-50 ring-1 ring-indigo-600' : 'border-slate-200 hover:border-slate-300'}`}
            >
              <input
                type="radio"
                name={group}
                className="size-4 text-indigo-600"
                checked={selectedId === card.id}
                onChange={() => onSelect(card.id)}
                data-testid={`card-${card.last4}`}
              />
              <CardLabel card={card} />
              {card.role !== 'additional' && (
                <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                  {t(card.role === 'default' ? 'roleDefault' : 'roleBackup')}
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
