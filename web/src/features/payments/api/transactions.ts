import { env } from '@/config/env';
import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Transaction = Schema<'TransactionView'>;

/** GET /transactions: the caller's payments, newest first (an admin's: everyone's). */
export function getTransactions(page = 1, options: CallOptions = {}) {
  return ok(api.GET('/transactions', { params: { query: { page } }, signal: options.signal }));
}

/** The browser follows a one-time link to the PDF (it carries no bearer header). */
function follow(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads a contest's invoice: a one-time token (its creator or an admin), then the browser
 * follows GET /contests/{id}/invoices/download?token=..., which answers the PDF.
 */
export async function downloadInvoice(contestId: number) {
  const params = { path: { id: contestId } };
  const { data } = await ok(api.POST('/contests/{id}/invoices/download/token', { params }));
  follow(`${env.apiUrl}/contests/${contestId}/invoices/download?token=${encodeURIComponent(data.token)}`);
}

/** A project payment's invoice, the same way: POST .../token (its client or an admin), then GET .../download. */
export async function downloadProjectInvoice(projectId: number) {
  const params = { path: { id: projectId } };
  const { data } = await ok(api.POST('/projects/{id}/invoices/download/token', { params }));
  follow(`${env.apiUrl}/projects/${projectId}/invoices/download?token=${encodeURIComponent(data.token)}`);
}
