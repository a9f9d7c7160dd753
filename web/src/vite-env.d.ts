/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute origin of the API when it is not served from the client's own origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
