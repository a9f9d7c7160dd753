import type { RouteObject } from 'react-router';

import { AdditionalDesignsPage } from '@/features/admin/pages/additional-designs-page';
import { BannersPage } from '@/features/admin/pages/banners-page';
import { CataloguePage } from '@/features/admin/pages/catalogue-page';
import { ContestTypesPage } from '@/features/admin/pages/contest-types-page';
import { ContestsPage } from '@/features/admin/pages/contests-page';
import { ExternalPortfolioPage } from '@/features/admin/pages/external-portfolio-page';
import { FeedbackPage } from '@/features/admin/pages/feedback-page';
import { FlaggedPage } from '@/features/admin/pages/flagged-page';
import { MarketplaceCategoriesPage } from '@/features/admin/pages/marketplace-categories-page';
import { MarketplaceSalesPage } from '@/features/admin/pages/marketplace-sales-page';
import { OutgoingPage } from '@/features/admin/pages/outgoing-page';
import { ProjectsPage } from '@/features/admin/pages/projects-page';
import { SearchPage } from '@/features/admin/pages/search-page';
import { StartRequestsPage } from '@/features/admin/pages/start-requests-page';
import { DesignerTagsPage, MarketplaceTagsPage } from '@/features/admin/pages/tags-page';
import { TipsPage } from '@/features/admin/pages/tips-page';
import { UsersPage } from '@/features/admin/pages/users-page';

/**
 * The admin console's pages (projects spec, section 2, "Header navigation", Admin). The server
 * refuses every admin call to anyone else; a non-admin who opens one of these sees its error.
 */
export const adminPages: RouteObject[] = [
  { path: 'admin/contests/verify', element: <ContestsPage kind="verify" /> },
  { path: 'admin/contests/credit', element: <ContestsPage kind="credit" /> },
  { path: 'admin/contests/no-winner', element: <ContestsPage kind="no-winner" /> },
  { path: 'admin/contests/start-requests', element: <StartRequestsPage /> },
  { path: 'admin/contests', element: <ContestsPage kind="all" /> },
  { path: 'quick-start-contests', element: <ContestsPage kind="quick-start" /> },
  { path: 'tip-only-contests', element: <ContestsPage kind="tip-only" /> },
  { path: 'admin/contest-types', element: <ContestTypesPage /> },
  { path: 'admin/contests/additional-designs', element: <AdditionalDesignsPage /> },
  { path: 'admin/verify-tips', element: <TipsPage /> },
  { path: 'admin/clients-feedback', element: <FeedbackPage kind="contest" /> },
  { path: 'admin/clients-project-feedback', element: <FeedbackPage kind="project" /> },
  { path: 'admin/flagged-clients', element: <FlaggedPage /> },
  { path: 'admin/projects/verify', element: <ProjectsPage kind="verify" /> },
  { path: 'admin/projects/credit', element: <ProjectsPage kind="credit" /> },
  { path: 'admin/projects', element: <ProjectsPage kind="all" /> },
  { path: 'admin/projects/categories', element: <CataloguePage level="categories" /> },
  { path: 'admin/projects/sub-categories', element: <CataloguePage level="sub-categories" /> },
  { path: 'admin/projects/services', element: <CataloguePage level="services" /> },
  { path: 'admin/users', element: <UsersPage /> },
  { path: 'admin/search', element: <SearchPage /> },
  { path: 'admin/transactions/outgoing', element: <OutgoingPage /> },
  { path: 'admin/banners', element: <BannersPage /> },
  { path: 'admin/designer-tags', element: <DesignerTagsPage /> },
  { path: 'admin/marketplace-categories', element: <MarketplaceCategoriesPage /> },
  { path: 'admin/marketplace-tags', element: <MarketplaceTagsPage /> },
  { path: 'admin/marketplace-sales', element: <MarketplaceSalesPage /> },
  { path: 'admin/external-portfolio', element: <ExternalPortfolioPage /> },
];
