import { PROJECT_STATUS, type Project } from './types';

/**
 * The owner may delete a project nobody has bid on yet, while it is live (the server also
 * refuses once a bid is approved; with bids waiting, designers expect an answer, not a vanishing
 * project).
 */
export function mayDeleteProject(project: Pick<Project, 'status_id' | 'approved_bid_id' | 'bids_count'>): boolean {
  return project.status_id === PROJECT_STATUS.live && project.approved_bid_id === null && project.bids_count === 0;
}
