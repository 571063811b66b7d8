/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_VIDEO_CHANNEL_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// the interface catalogues, compiled by tools/i18n/catalogue-plugin.mjs (docs/i18n.md)
declare module 'virtual:i18n/shell-en' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module 'virtual:i18n/loaders' {
  export const catalogueLoaders: Record<string, () => Promise<{ default: import('@lingui/core').Messages }>>;
}
