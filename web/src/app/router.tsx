import { Navigate, type RouteObject } from 'react-router';

import { AppShell } from '@/components/layouts/app-shell';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  landingOrDashboard,
  loadOptionalSession,
  loadPasswordReset,
  logoutAndRedirect,
  redirectIfSignedIn,
  requireSession,
} from '@/features/auth/loaders';

import { HeaderWidgets } from './header-widgets';
import { ContestRoute, DeliveryRoute } from './routes/app/contest';
import { contestListPages } from './routes/app/contest-list-pages';
import { ContestListRoute } from './routes/app/contest-lists';
import { DashboardRoute } from './routes/app/dashboard';
import { EditBriefRoute, LaunchBriefRoute, LaunchFrame } from './routes/app/launch-brief';
import { ExtrasRoute, OptionsRoute, ReviewRoute, StepRoute } from './routes/app/launch-steps';
import { PaymentMethodsRoute } from './routes/app/payment-methods';
import { PaymentsRoute } from './routes/app/payments';
import { EarningsRoute } from './routes/app/earnings';
import { PayPalReturnRoute } from './routes/app/paypal-return';
import { PersonalInfoRoute } from './routes/app/personal-info';
import { PreferencesRoute, ProjectBriefEditRoute, ProjectLaunchRoute, ProjectsRoute, WorkroomRoute } from './routes/app/projects';
import { SubscriptionsRoute } from './routes/app/subscriptions';
import { CreateAccountRoute } from './routes/auth/create-account';
import { CourtRoute, MessagesRoute, NotificationsRoute } from './routes/app/social';
import { AffiliateRoute, MarketplaceRoute, ProfileRoute } from './routes/app/social';
import { LoginRoute } from './routes/auth/login';
import { PasswordResetRoute } from './routes/auth/password-reset';
import { PasswordResetRequestRoute } from './routes/auth/password-reset-request';
import { SignupRoute } from './routes/auth/signup';
import { RouteError } from './routes/route-error';
import { CartsRoute, FeedRoute, ShowcasesRoute } from './routes/app/community';
import { GuidLoginRoute } from './routes/auth/login-guid';
import { adminPages } from './routes/app/admin';
import { RootFrame } from './routes/root-frame';
import { LandingRoute } from './routes/public/landing';
import { TermsRoute } from './routes/public/terms';
import { DesignerFrame, DesignerRoute } from './routes/public/designer';

/**
 * The signed-in pages. Every page the header links to is one of them (the router test checks
 * each link of every role's menu against this list).
 */
export const signedInPages: RouteObject[] = [
  { path: 'dashboard', element: <DashboardRoute /> },
  ...contestListPages.map(({ path, list }) => ({ path, element: <ContestListRoute list={list} /> })),
  { path: 'contests/:contestId/entries', element: <ContestRoute /> },
  { path: 'contests/:contestId/entries/:entryId', element: <ContestRoute /> },
  { path: 'contests/:contestId/entries/:entryId/upload-artwork', element: <DeliveryRoute /> },
  { path: 'personal-info', element: <PersonalInfoRoute /> },
  { path: 'subscriptions', element: <SubscriptionsRoute /> },
  { path: 'contests/:contestId/briefs/edit', element: <EditBriefRoute /> },
  { path: 'contests/:contestId/options', element: <OptionsRoute /> },
  { path: 'contests/:contestId/review', element: <ReviewRoute /> },
  { path: 'contests/:contestId/steps/:step', element: <StepRoute /> },
  { path: 'contests/:contestId/upgrades', element: <ExtrasRoute /> },
  { path: 'payment-methods', element: <PaymentMethodsRoute /> },
  { path: 'payments', element: <PaymentsRoute /> },
  { path: 'earnings', element: <EarningsRoute /> },
  { path: 'projects/all-projects', element: <ProjectsRoute view="all-projects" /> },
  { path: 'projects/unstarted-projects', element: <ProjectsRoute view="unstarted-projects" /> },
  { path: 'projects/my-projects', element: <ProjectsRoute view="my-projects" /> },
  { path: 'projects/:projectId/projects-updates', element: <WorkroomRoute /> },
  { path: 'projects/:projectId/projects-updates/upload-artwork', element: <WorkroomRoute upload /> },
  { path: 'projects/preferences', element: <PreferencesRoute /> },
  { path: 'notifications', element: <NotificationsRoute /> },
  { path: 'messages', element: <MessagesRoute /> },
  { path: 'design-court', element: <CourtRoute /> },
  { path: 'payments/paypal/return', element: <PayPalReturnRoute /> },
  { path: 'marketplace', element: <MarketplaceRoute /> },
  { path: 'profile', element: <ProfileRoute /> },
  { path: 'affiliate', element: <AffiliateRoute /> },
  { path: 'feed', element: <FeedRoute /> },
  { path: 'carts', element: <CartsRoute /> },
  { path: 'showcases', element: <ShowcasesRoute view="list" /> },
  { path: 'showcases/new', element: <ShowcasesRoute view="new" /> },
  { path: 'showcases/:showcaseId', element: <ShowcasesRoute view="show" /> },
  { path: 'showcases/:showcaseId/edit', element: <ShowcasesRoute view="edit" /> },
  { path: 'projects/launch/:projectId/edit', element: <ProjectBriefEditRoute /> },
  { path: 'projects/launch/:projectId/:bidId/edit', element: <ProjectBriefEditRoute /> },
  ...adminPages,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootFrame />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Visitors' front door: launch a contest, start a project, join as a designer.
      { index: true, loader: landingOrDashboard, element: <LandingRoute /> },
      { path: 'terms-conditions', loader: loadOptionalSession, element: <TermsRoute /> },
      // An older footer's link.
      { path: 'terms', element: <Navigate to={paths.terms} replace /> },
      { path: 'login', loader: redirectIfSignedIn, element: <LoginRoute /> },
      { path: 'signup', loader: redirectIfSignedIn, element: <SignupRoute /> },
      { path: 'create-account', loader: redirectIfSignedIn, element: <CreateAccountRoute /> },
      {
        // The launch brief is open to anonymous visitors (sign-up comes after the brief).
        path: 'contests/:slug/launch',
        loader: loadOptionalSession,
        element: <LaunchFrame />,
        children: [{ index: true, element: <LaunchBriefRoute /> }],
      },
      { path: 'password/reset', element: <PasswordResetRequestRoute /> },
      {
        path: 'password/reset/:token',
        loader: loadPasswordReset,
        element: <PasswordResetRoute />,
      },
      { path: 'logout', loader: logoutAndRedirect, element: <FullPageSpinner /> },
      {
        // A designer's profile is public: members see it in their shell, visitors in the public frame.
        path: 'designers/:userId',
        loader: loadOptionalSession,
        element: <DesignerFrame />,
        children: [{ index: true, element: <DesignerRoute /> }],
      },
      {
        // Visitors may fill a project brief; they sign up or log in before it is sent.
        path: 'projects/launch/:category?/:subCategory?/:service?',
        loader: loadOptionalSession,
        element: <ProjectLaunchRoute />,
      },
      {
        // Everything else needs a session; unknown paths land on the dashboard.
        loader: requireSession,
        element: <AppShell widgets={<HeaderWidgets />} />,
        children: [
          ...signedInPages,
          { path: '*', element: <Navigate to={paths.dashboard} replace /> },
        ],
      },
      // Sign-in by the one-time guid of an e-mailed link (a session or not: the link decides).
      { path: 'login/:guid', element: <GuidLoginRoute /> },
    ],
  },
];
