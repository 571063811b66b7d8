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
  /** The languages with a catalogue file, English first. */
  export const catalogueLanguages: string[];
  /** One language's whole compiled catalogue (English's for a key it lacks); rejects when it cannot be fetched. */
  export function loadCatalogue(lang: string): Promise<import('@lingui/core').Messages>;
}
