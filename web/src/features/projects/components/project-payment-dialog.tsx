import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

import { approveBase, budgetBase } from '../api/payments';
import type { Bid, Project } from '../types';
import { CardPaymentDialog } from './card-payment-dialog';

/** `fee`: the listing fee a pay-to-start project pays with its approved bid. */
export type ProjectPayment = { kind: 'approve'; bid: Bid; fee: number } | { kind: 'budget'; budget: number };

interface ProjectPaymentDialogProps {
  payment: ProjectPayment;
  project: Project;
  userId: number;
  onClose: () => void;
  /** Paid (the success toast shown): the project is reloaded. */
  onPaid: () => void;
}

/** The card payment of a project: a bid approved (with the listing fee), or the budget raised by the difference. */
export function ProjectPaymentDialog({ payment, project, userId, onClose, onPaid }: ProjectPaymentDialogProps) {
  const { t } = useTranslation('projects');
  return (
    <CardPaymentDialog
      title={payment.kind === 'approve' ? t('pay.approveTitle', { name: payment.bid.created_by_user.username }) : t('budget.raise')}
      userId={userId}
      amount={payment.kind === 'approve' ? payment.bid.amount + payment.fee : payment.budget - (project.budget ?? 0)}
      breakdown={payment.kind === 'approve' && payment.fee > 0 ? { bid: payment.bid.amount, fee: payment.fee } : undefined}
      base={payment.kind === 'approve' ? approveBase(project.id, payment.bid.id) : budgetBase(project.id)}
      body={payment.kind === 'budget' ? { budget: payment.budget } : undefined}
      onClose={onClose}
      onPaid={() => {
        toast.success(payment.kind === 'approve' ? t('pay.approved') : t('budget.raised'));
        onPaid();
      }}
    />
  );
}
