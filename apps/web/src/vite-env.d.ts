/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sent as X-Application-Key; the server accepts any key unless APP_KEYS is set. */
  readonly VITE_APP_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
