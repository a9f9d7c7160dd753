import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

import { deleteProject } from '../api/projects';
import type { Project } from '../types';

/** Delete project, asking first; `onDeleted` takes it off the list. */
export function DeleteProject({ project, onDeleted }: { project: Pick<Project, 'id' | 'title'>; onDeleted: () => void }) {
  const { t } = useTranslation('projects');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="delete-project">
        {t('delete.button')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('delete.title', { title: project.title })}
          confirmLabel={t('delete.button')}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await deleteProject(project.id);
            toast.success(t('delete.done', { title: project.title }));
            onDeleted();
          }}
        >
          <p className="text-sm text-slate-600">{t('delete.body')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
