/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_VIDEO_CHANNEL_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** vite.config.mts (hubsModule): the contracts' HUBS table without the module of zod schemas it lives in. */
declare module 'virtual:polski-hubs' {
  export const HUBS: typeof import('@polski/contracts').HUBS;
}
