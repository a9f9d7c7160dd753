/** Client routes that code navigates to. Route patterns live in app/router.tsx. */
export const paths = {
  /** Anonymous visitors' front door; signed-in users go on to the dashboard. */
  landing: '/',
  dashboard: '/dashboard',
  /** The Terms and Conditions every footer links to. */
  terms: '/terms-conditions',
  /** The contest launch brief of a contest type (open to visitors: they sign up inside it). */
  contestLaunch: (slug: string) => `/contests/${encodeURIComponent(slug)}/launch`,
  /** The project launch (open to visitors). */
  projectLaunch: '/projects/launch',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  passwordResetRequest: '/password/reset',
  passwordReset: (token: string) => `/password/reset/${encodeURIComponent(token)}`,
  createAccount: '/create-account',
  personalInfo: '/personal-info',
  designer: (userId: number) => `/designers/${userId}`,
  earnings: '/earnings',
  /** What Vitrine is, for visitors (the spec's `meet-flocksy` redirects here). */
  meet: '/meet-vitrine',
  /** How to use Vitrine, and the frequently asked questions (the header's support links). */
  help: '/help',
  faq: '/faq',
  /** A contest's share link (`GET /shares/{code}` names the contest). */
  share: (code: string) => `/share/${encodeURIComponent(code)}`,
  contest: (contestId: number) => `/contests/${contestId}/entries`,
  /** The designer's listings in the marketplace (for sale, withdrawn, sold). */
  myListings: '/marketplace?view=listings',
} as const;
