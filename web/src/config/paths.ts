/** Client routes that code navigates to. Route patterns live in app/router.tsx. */
export const paths = {
  dashboard: '/dashboard',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  passwordResetRequest: '/password/reset',
  passwordReset: (token: string) => `/password/reset/${encodeURIComponent(token)}`,
  createAccount: '/create-account',
  personalInfo: '/personal-info',
} as const;
