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
import { TipsRoute } from './routes/app/tips';
import { PayPalReturnRoute } from './routes/app/paypal-return';
import { PersonalInfoRoute } from './routes/app/personal-info';
import {
  BidReviewRoute,
  PreferencesRoute,
  ProjectBriefEditRoute,
  ProjectLaunchRoute,
  ProjectsRoute,
  WorkroomRoute,
} from './routes/app/projects';
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
import { FaqRoute, HelpRoute, MeetRoute, ShareRoute } from './routes/public/info';

/**
 * The signed-in pages. Every page the header links to is one of them (the router test checks
 * each link of every role's menu against this list).
 */
export const signedInPages: RouteObject[] = [
  { path: 'dashboard', handle: { title: 'dashboard' }, element: <DashboardRoute /> },
  ...contestListPages.map(({ path, list }) => ({ path, handle: { title: 'contests' }, element: <ContestListRoute list={list} /> })),
  { path: 'contests/:contestId/entries', handle: { title: 'contest' }, element: <ContestRoute /> },
  { path: 'contests/:contestId/entries/:entryId', handle: { title: 'contest' }, element: <ContestRoute /> },
  { path: 'contests/:contestId/entries/:entryId/upload-artwork', handle: { title: 'delivery' }, element: <DeliveryRoute /> },
  { path: 'personal-info', handle: { title: 'personalInfo' }, element: <PersonalInfoRoute /> },
  { path: 'subscriptions', handle: { title: 'subscriptions' }, element: <SubscriptionsRoute /> },
  { path: 'contests/:contestId/briefs/edit', handle: { title: 'editBrief' }, element: <EditBriefRoute /> },
  { path: 'contests/:contestId/options', handle: { title: 'launch' }, element: <OptionsRoute /> },
  { path: 'contests/:contestId/review', handle: { title: 'launch' }, element: <ReviewRoute /> },
  { path: 'contests/:contestId/steps/:step', handle: { title: 'launch' }, element: <StepRoute /> },
  { path: 'contests/:contestId/upgrades', handle: { title: 'upgrades' }, element: <ExtrasRoute /> },
  { path: 'payment-methods', handle: { title: 'paymentMethods' }, element: <PaymentMethodsRoute /> },
  { path: 'payments', handle: { title: 'payments' }, element: <PaymentsRoute /> },
  { path: 'earnings', handle: { title: 'earnings' }, element: <EarningsRoute /> },
  { path: 'tips', handle: { title: 'tips' }, element: <TipsRoute /> },
  { path: 'projects/all-projects', handle: { title: 'projects' }, element: <ProjectsRoute view="all-projects" /> },
  { path: 'projects/unstarted-projects', handle: { title: 'projects' }, element: <ProjectsRoute view="unstarted-projects" /> },
  { path: 'projects/my-projects', handle: { title: 'projects' }, element: <ProjectsRoute view="my-projects" /> },
  { path: 'projects/:projectId/projects-updates', handle: { title: 'workroom' }, element: <WorkroomRoute /> },
  { path: 'projects/:projectId/projects-updates/upload-artwork', handle: { title: 'workroom' }, element: <WorkroomRoute upload /> },
  { path: 'projects/preferences', handle: { title: 'projectPreferences' }, element: <PreferencesRoute /> },
  { path: 'projects/:projectId/:bidId/review', handle: { title: 'projects' }, element: <BidReviewRoute /> },
  { path: 'notifications', handle: { title: 'notifications' }, element: <NotificationsRoute /> },
  { path: 'messages', handle: { title: 'messages' }, element: <MessagesRoute /> },
  { path: 'design-court', handle: { title: 'designCourt' }, element: <CourtRoute /> },
  { path: 'payments/paypal/return', handle: { title: 'payments' }, element: <PayPalReturnRoute /> },
  { path: 'profile', handle: { title: 'profile' }, element: <ProfileRoute /> },
  { path: 'affiliate', handle: { title: 'affiliate' }, element: <AffiliateRoute /> },
  { path: 'feed', handle: { title: 'feed' }, element: <FeedRoute /> },
  { path: 'carts', handle: { title: 'cart' }, element: <CartsRoute /> },
  { path: 'showcases', handle: { title: 'showcases' }, element: <ShowcasesRoute view="list" /> },
  { path: 'showcases/new', handle: { title: 'showcases' }, element: <ShowcasesRoute view="new" /> },
  { path: 'showcases/:showcaseId', handle: { title: 'showcases' }, element: <ShowcasesRoute view="show" /> },
  { path: 'showcases/:showcaseId/edit', handle: { title: 'showcases' }, element: <ShowcasesRoute view="edit" /> },
  { path: 'projects/launch/:projectId/edit', handle: { title: 'editBrief' }, element: <ProjectBriefEditRoute /> },
  { path: 'projects/launch/:projectId/:bidId/edit', handle: { title: 'editBrief' }, element: <ProjectBriefEditRoute /> },
  // Admin pages are titled by their area (the page's heading says which list).
  ...adminPages.map((page) => ({ handle: { title: 'admin' }, ...page })),
];

/**
 * Pages open to visitors as well (the marketplace is a public shop window, docs/spec-decisions.md):
 * members see them in their shell, visitors in the public frame.
 */
export const openPages: RouteObject[] = [
  { path: 'marketplace', handle: { title: 'marketplace' }, element: <MarketplaceRoute /> },
  // What Vitrine is, how to use it, the common questions (the footer's and the header's links).
  { path: 'meet-vitrine', handle: { title: 'meet' }, element: <MeetRoute /> },
  { path: 'help', handle: { title: 'help' }, element: <HelpRoute /> },
  { path: 'faq', handle: { title: 'faq' }, element: <FaqRoute /> },
  // A contest's share link: a member goes on to the contest, a visitor sees it here.
  { path: 'share/:code', handle: { title: 'share' }, element: <ShareRoute /> },
  { path: 'share', handle: { title: 'share' }, element: <ShareRoute /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootFrame />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Visitors' front door: launch a contest, start a project, join as a designer.
      { index: true, loader: landingOrDashboard, element: <LandingRoute />, handle: { title: 'home' } },
      { path: 'terms-conditions', handle: { title: 'terms' }, loader: loadOptionalSession, element: <TermsRoute /> },
      // An older footer's link.
      { path: 'terms', element: <Navigate to={paths.terms} replace /> },
      // The spec's name of the page about the product (Flocksy was the original's name).
      { path: 'meet-flocksy', element: <Navigate to={paths.meet} replace /> },
      { path: 'login', handle: { title: 'login' }, loader: redirectIfSignedIn, element: <LoginRoute /> },
      { path: 'signup', handle: { title: 'signup' }, loader: redirectIfSignedIn, element: <SignupRoute /> },
      { path: 'create-account', handle: { title: 'createAccount' }, loader: redirectIfSignedIn, element: <CreateAccountRoute /> },
      {
        // The launch brief is open to anonymous visitors (sign-up comes after the brief).
        path: 'contests/:slug/launch', handle: { title: 'launch' },
        loader: loadOptionalSession,
        element: <LaunchFrame />,
        children: [{ index: true, element: <LaunchBriefRoute /> }],
      },
      { path: 'password/reset', handle: { title: 'passwordReset' }, element: <PasswordResetRequestRoute /> },
      {
        path: 'password/reset/:token', handle: { title: 'passwordReset' },
        loader: loadPasswordReset,
        element: <PasswordResetRoute />,
      },
      { path: 'logout', loader: logoutAndRedirect, element: <FullPageSpinner /> },
      {
        // A designer's profile is public: members see it in their shell, visitors in the public frame.
        path: 'designers/:userId', handle: { title: 'designer' },
        loader: loadOptionalSession,
        element: <DesignerFrame />,
        children: [{ index: true, element: <DesignerRoute /> }],
      },
      {
        // Visitors may fill a project brief; they sign up or log in before it is sent.
        path: 'projects/launch/:category?/:subCategory?/:service?', handle: { title: 'projectLaunch' },
        loader: loadOptionalSession,
        element: <ProjectLaunchRoute />,
      },
      { loader: loadOptionalSession, element: <DesignerFrame />, children: openPages },
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
      { path: 'login/:guid', handle: { title: 'login' }, element: <GuidLoginRoute /> },
    ],
  },
];
