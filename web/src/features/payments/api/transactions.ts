import { env } from '@/config/env';
import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Page, Schema } from '@/types/api';

export type Transaction = Schema<'TransactionView'>;

/** GET /transactions: the caller's payments, newest first (an admin's: everyone's). */
export function getTransactions(page = 1, options: RequestOptions = {}) {
  return apiClient.get<Page<Transaction>>('/transactions', { ...options, query: { page } });
}

/**
 * Downloads a contest's invoice: a one-time token (its creator or an admin), then the browser
 * follows GET /contests/{id}/invoices/download?token=..., which answers the PDF.
 */
export async function downloadInvoice(contestId: number) {
  const { data } = await apiClient.post<DataEnvelope<Schema<'InvoiceToken'>>>(`/contests/${contestId}/invoices/download/token`);
  const link = document.createElement('a');
  link.href = `${env.apiUrl}/contests/${contestId}/invoices/download?token=${encodeURIComponent(data.token)}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
