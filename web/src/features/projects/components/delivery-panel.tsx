import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { uploadFiles } from '@/lib/upload';
import { useFileUrl } from '@/lib/use-file-url';
import type { StoredFile } from '@/types/api';

import { deliverArtworks, finalizeProject, getArtworks } from '../api/projects';
import { PROJECT_STATUS, type BidFile, type Project } from '../types';

import { FileImage } from './file-image';

/** Final files: "further project uploads" (projects doc, section 9, category 16: images, pdf, zip). */
export const FINAL_FILES = 16;

interface DeliveryPanelProps {
  project: Project;
  /** The project's owner (reviews and accepts) or its assigned designer (delivers). */
  isOwner: boolean;
  /** `.../upload-artwork`: the panel is where the page opens. */
  focused: boolean;
  /** The answer of a delivery or an acceptance, before its `project.status` arrives. */
  onChanged: (project: Project) => void;
}

/**
 * The end of a project, from the timeline's end (3) to completion (6): the designer uploads the
 * final files once an admin verified (4), the owner reviews and accepts them (finalize), an admin
 * credits the designer (6). Live through `project` (the workroom keeps it from `project:{id}`):
 * each status or acceptance loads the delivered files again.
 */
export function DeliveryPanel({ project, isOwner, focused, onChanged }: DeliveryPanelProps) {
  const { t } = useTranslation('projects');
  const [artworks, setArtworks] = useState<BidFile[] | null>(null);
  const section = useRef<HTMLElement>(null);
  const status = project.status_id;

  useEffect(() => {
    if (status < PROJECT_STATUS.pendingCredit) return;
    getArtworks(project.id).then(setArtworks, (error: unknown) => toast.error(errorMessage(error)));
  }, [project.id, status, project.finalized_at]);
  useEffect(() => {
    if (focused) section.current?.scrollIntoView({ block: 'start' });
  }, [focused]);

  if (status < PROJECT_STATUS.unverified) return null;
  const due = project.delivery_due_at == null ? '' : formatDateTime(project.delivery_due_at);
  return (
    <section ref={section} data-testid="delivery" className="space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/50 p-4">
      <h2 className="font-semibold text-slate-900">{t('delivery.title')}</h2>
      {status === PROJECT_STATUS.unverified && <p className="text-sm text-slate-700">{t('delivery.unverified')}</p>}
      {status === PROJECT_STATUS.pendingDelivery &&
        (isOwner ? (
          <p className="text-sm text-slate-700" data-testid="delivery-waiting">
            {t('delivery.waiting', { date: due })}
          </p>
        ) : (
          <DeliverForm project={project} due={due} onDelivered={onChanged} />
        ))}
      {status >= PROJECT_STATUS.pendingCredit && (
        <>
          <p className="text-sm text-slate-700" data-testid="delivery-state">
            {status === PROJECT_STATUS.completed
              ? t('delivery.completed')
              : project.finalized_at != null
                ? t('delivery.accepted', { date: formatDateTime(project.finalized_at) })
                : isOwner
                  ? t('delivery.review')
                  : t('delivery.awaitingAcceptance')}
          </p>
          <ArtworkList artworks={artworks} />
          {isOwner && status === PROJECT_STATUS.pendingCredit && project.finalized_at === null && (
            <AcceptButton projectId={project.id} onAccepted={onChanged} />
          )}
        </>
      )}
    </section>
  );
}

function ArtworkList({ artworks }: { artworks: BidFile[] | null }) {
  const { t } = useTranslation('projects');
  if (artworks === null) return <p className="text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>;
  if (artworks.length === 0) return <p className="text-sm text-slate-500">{t('delivery.noFiles')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="artworks">
      {artworks.map((file) => (
        <li key={file.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="artwork">
          {/\.(png|jpe?g|gif|webp|svg)$/i.test(file.name) ? (
            <FileImage path={file.full_path} size="thumb" lazy alt={file.name} className="h-28 w-full object-cover" />
          ) : (
            <span className="flex h-28 items-center justify-center bg-slate-100 text-xs font-semibold uppercase text-slate-500">{file.name.split('.').pop()}</span>
          )}
          <DownloadLink file={file} />
        </li>
      ))}
    </ul>
  );
}

function DownloadLink({ file }: { file: BidFile }) {
  const url = useFileUrl(file.full_path);
  return (
    <a href={url ?? undefined} download={file.name} className="block truncate px-2 py-1 text-xs text-indigo-700 hover:underline">
      {file.name}
    </a>
  );
}

function DeliverForm({ project, due, onDelivered }: { project: Project; due: string; onDelivered: (project: Project) => void }) {
  const { t } = useTranslation('projects');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);

  async function attach(list: FileList | null) {
    if (!list || list.length === 0) return;
    setUploading(true);
    try {
      const stored = await uploadFiles([...list], FINAL_FILES);
      setFiles((current) => [...current, ...stored]);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || pending) return;
    setPending(true);
    try {
      onDelivered(await deliverArtworks(project.id, files.map((f) => f.id)));
      toast.success(t('delivery.delivered'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="deliver-form">
      <p className="text-sm text-slate-700">{t('delivery.due', { date: due })}</p>
      <label className="block text-sm font-medium text-slate-700">
        {t('delivery.files')}
        <input type="file" multiple accept="image/*,.pdf,.zip" onChange={(e) => void attach(e.target.files)} className="mt-1 block text-sm" />
      </label>
      {files.length > 0 && <p className="text-xs text-slate-500" data-testid="deliver-files">{files.map((f) => f.name).join(', ')}</p>}
      <Button type="submit" disabled={pending || uploading || files.length === 0} isLoading={pending}>
        {t('delivery.deliver')}
      </Button>
    </form>
  );
}

function AcceptButton({ projectId, onAccepted }: { projectId: number; onAccepted: (project: Project) => void }) {
  const { t } = useTranslation('projects');
  const [pending, setPending] = useState(false);
  async function accept() {
    setPending(true);
    try {
      onAccepted(await finalizeProject(projectId));
      toast.success(t('delivery.acceptedToast'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }
  return (
    <Button onClick={() => void accept()} disabled={pending} isLoading={pending}>
      {t('delivery.accept')}
    </Button>
  );
}
