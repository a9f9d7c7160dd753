import { useCallback, useEffect, useState } from 'react';

import { errorMessage } from '@/lib/error-messages';
import { isDesigner } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { User } from '@/types/api';

import { getBids, getMyBids, type BidSort } from '../api/bids';
import { getProject } from '../api/projects';
import type { Bid, Project } from '../types';

interface LiveProjectOptions {
  projectId: number;
  user: User;
  /** The owner's bid list order and username filter (a designer loads only their own bid). */
  sort: BidSort;
  username: string;
  /** The project changed (status, budget): the list beside it shows the same. */
  onChange?: (project: Project) => void;
}

/**
 * One project and its bids, live on `project:{id}`: the owner's bids (sorted, filtered), or the
 * designer's own bid; a status change reloads the bids, a withdrawn bid leaves the list.
 */
export function useLiveProject({ projectId, user, sort, username, onChange }: LiveProjectOptions) {
  const [project, setProject] = useState<Project | null>(null);
  const [bids, setBids] = useState<Bid[] | null>(null);

  const loadProject = useCallback(() => {
    getProject(projectId).then(setProject, (error: unknown) => toast.error(errorMessage(error)));
  }, [projectId]);
  const loadBids = useCallback(() => {
    const request = isDesigner(user) ? getMyBids(projectId) : getBids(projectId, sort, username).then((page) => page.data);
    request.then(setBids, (error: unknown) => toast.error(errorMessage(error)));
  }, [projectId, user, sort, username]);

  useEffect(loadProject, [loadProject]);
  useEffect(loadBids, [loadBids]);
  useEffect(() => {
    if (project) onChange?.(project);
  }, [project, onChange]);

  useChannel(`project:${projectId}`, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'project.status' || typed?.type === 'project.updated') {
        setProject(typed.data);
        if (typed.type === 'project.status') loadBids();
      } else if (typed?.type === 'bid.created') {
        const { bids_count } = typed.data;
        setProject((p) => (p ? { ...p, bids_count } : p));
        if (!isDesigner(user)) loadBids();
      } else if (typed?.type === 'bid.deleted') {
        // A withdrawn bid leaves every open list at once (the owner's, the bidder's other tabs).
        const { id, bids_count } = typed.data;
        setProject((p) => (p ? { ...p, bids_count } : p));
        setBids((list) => (list ? list.filter((bid) => bid.id !== id) : list));
      }
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) loadProject();
    },
  });

  return { project, setProject, bids, setBids, loadProject };
}
