import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { getStep } from '../api/options';
import { stepPath } from '../pricing';

/** `/contests/{id}/steps/{step}`: asks the server where the flow stands, then goes there. */
export function StepRedirect({ contestId, step }: { contestId: number; step: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    getStep(contestId, step, { signal: controller.signal })
      .then((view) => navigate(stepPath(contestId, view.step), { replace: true }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(errorMessage(error));
        navigate('/dashboard', { replace: true });
      });
    return () => controller.abort();
  }, [contestId, step, navigate]);
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Loading" />
    </div>
  );
}
