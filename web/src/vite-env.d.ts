/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute origin of the API when it is not served from the client's own origin. */
  readonly VITE_API_URL?: string;
  /** Stripe's publishable key (pk_...), for a server with real Stripe keys. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
