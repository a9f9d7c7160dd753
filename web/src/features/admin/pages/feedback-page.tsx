import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDate } from '@/lib/dates';

import { getFeedback, getFeedbackQuestions } from '../api/admin-api';
import type { FeedbackQuestion, FeedbackRow } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { usePaged } from '../components/use-paged';

/** Clients Feedback (contests) and Clients Project Feedback: each answer, with its question. */
export function FeedbackPage({ kind }: { kind: 'contest' | 'project' }) {
  return <FeedbackList key={kind} kind={kind} />;
}

function FeedbackList({ kind }: { kind: 'contest' | 'project' }) {
  const { t } = useTranslation('admin');
  const [questions, setQuestions] = useState<FeedbackQuestion[]>([]);
  useEffect(() => {
    getFeedbackQuestions()
      .then(setQuestions)
      .catch(() => setQuestions([]));
  }, []);
  const list = usePaged<FeedbackRow>((page, signal) => getFeedback(page, kind, signal), kind);
  const question = (id: number) => questions.find((q) => q.id === id)?.title ?? `#${id}`;
  return (
    <AdminPage
      title={t(kind === 'contest' ? 'pages.clientsFeedback' : 'pages.clientsProjectFeedback')}
      intro={t('feedback.intro')}
      total={list.rows ? list.total : undefined}
    >
      <AdminTable
        testId={`feedback-${kind}`}
        rows={list.rows}
        failure={list.failure}
        paging={list}
        rowKey={(row) => row.id}
        empty={t('feedback.empty')}
        columns={[
          {
            header: kind === 'contest' ? t('columns.contest') : t('columns.project'),
            cell: (row) =>
              row.contest_id ? (
                <Link className="font-medium text-indigo-700 hover:underline" to={`/contests/${row.contest_id}/entries`}>
                  {row.title}
                </Link>
              ) : (
                <Link className="font-medium text-indigo-700 hover:underline" to={`/projects/${row.project_id}/projects-updates`}>
                  {row.title}
                </Link>
              ),
          },
          { header: t('columns.client'), cell: (row) => row.client_username },
          { header: t('feedback.question'), cell: (row) => question(row.question_id) },
          {
            header: t('feedback.answer'),
            cell: (row) => (
              <span>
                {row.rating != null && <span className="mr-2 text-amber-500" aria-label={t('feedback.rating', { rating: row.rating })}>{'★'.repeat(row.rating)}{'☆'.repeat(5 - row.rating)}</span>}
                {row.answer}
              </span>
            ),
          },
          { header: t('columns.created'), cell: (row) => formatDate(row.created_at) },
        ]}
      />
    </AdminPage>
  );
}
