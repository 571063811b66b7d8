/**
 * Every route the server answers: method and path, by resource, without zod. This is the half of the contracts that
 * the web app's first paint may load (building a URL must not pull in the schemas); each `<resource>.contract.ts`
 * completes its resource's routes with their request and response schemas, and a type check there fails when a
 * route is missing on either side. Paths are the full paths on the site (`/api/...` for the API), with `:name` for
 * a path parameter, as Express writes them.
 */
export const API_PREFIX = '/api';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TRouteDef {
  readonly method: THttpMethod;
  readonly path: string;
}

/** The names of a path's `:parameters`: '/a/:hub/:slug' -> 'hub' | 'slug'. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type TPathParams<P extends string> = { [K in TPathParamNames<P>]: string };

export const ROUTES = {
  health: {
    health: { method: 'GET', path: '/api/health' },
    ready: { method: 'GET', path: '/api/health/ready' },
    live: { method: 'GET', path: '/api/health/live' },
    openapi: { method: 'GET', path: '/api/openapi.json' },
  },
  account: {
    register: { method: 'POST', path: '/api/account/register' },
    login: { method: 'POST', path: '/api/account/login' },
    confirmEmail: { method: 'POST', path: '/api/account/confirmemail' },
    sendEmailConfirmationLink: { method: 'POST', path: '/api/account/sendemailconfirmationlink' },
    forgotPassword: { method: 'POST', path: '/api/account/forgotpassword' },
    resetPassword: { method: 'POST', path: '/api/account/resetpassword' },
    changeLanguage: { method: 'PUT', path: '/api/account/changelanguage' },
    settings: { method: 'GET', path: '/api/account/settings' },
    saveSession: { method: 'POST', path: '/api/account/save-session' },
    getSession: { method: 'GET', path: '/api/account/get-session/:userId' },
    logout: { method: 'POST', path: '/api/account/logout' },
    logoutEverywhere: { method: 'POST', path: '/api/account/logout-everywhere' },
    /** "Download my data" and "Delete my account" (issue 17; docs/product.md, "Your data"). */
    exportData: { method: 'GET', path: '/api/account/export' },
    deleteAccount: { method: 'POST', path: '/api/account/delete' },
    /** The spec puts the signed-in user's refresh under payments/; it is the account's current state. */
    userUpdatedRoles: { method: 'GET', path: '/api/payments/user-updated-roles' },
  },
  payments: {
    config: { method: 'GET', path: '/api/payments/config' },
    selectedPrices: { method: 'GET', path: '/api/payments/get-selected-prices' },
    selectedPrices2: { method: 'GET', path: '/api/payments/get-selected-prices2' },
    userLocation: { method: 'GET', path: '/api/payments/get-user-location' },
    createCheckoutSession: { method: 'POST', path: '/api/payments/create-checkout-session' },
    createCheckoutSession2: { method: 'POST', path: '/api/payments/create-checkout-session2' },
    fulfil: { method: 'POST', path: '/api/payments/fulfil' },
    customerPortal: { method: 'GET', path: '/api/payments/customer-portal' },
    webhook: { method: 'POST', path: '/api/payments/webhook' },
  },
  admin: {
    fetchStripeSubs: { method: 'GET', path: '/api/payments/fetch-stripe-subs' },
    syncRoles: { method: 'POST', path: '/api/payments/sync-roles' },
  },
  content: {
    hubs: { method: 'GET', path: '/api/content/hubs' },
    hub: { method: 'GET', path: '/api/content/hubs/:hub' },
    lesson: { method: 'GET', path: '/api/content/lessons/:hub/:slug' },
    lessonAudio: { method: 'GET', path: '/api/content/media/lessons/:hub/:slug/audio' },
    lessonMedia: { method: 'GET', path: '/api/content/media/lessons/:hub/:slug/:file' },
    episodeMedia: { method: 'GET', path: '/api/content/media/podcast/:slug/:file' },
    storyMedia: { method: 'GET', path: '/api/content/media/story/:file' },
    storyOfTheDay: { method: 'GET', path: '/api/content/story-of-the-day' },
    progress: { method: 'GET', path: '/api/content/progress' },
    markCompleted: { method: 'POST', path: '/api/content/progress' },
    unmarkCompleted: { method: 'DELETE', path: '/api/content/progress' },
    podcast: { method: 'GET', path: '/api/content/podcast' },
    podcastEpisode: { method: 'GET', path: '/api/content/podcast/:slug' },
    podcastChapters: { method: 'GET', path: '/api/content/podcast/:slug/chapters' },
    blog: { method: 'GET', path: '/api/content/blog' },
    blogPost: { method: 'GET', path: '/api/content/blog/:slug' },
  },
  /** Saved words, statuses, review, progress (issue 17; docs/api.md, "Learning"). */
  learning: {
    savedWords: { method: 'GET', path: '/api/learning/words' },
    saveWord: { method: 'POST', path: '/api/learning/words' },
    unsaveWord: { method: 'DELETE', path: '/api/learning/words/:id' },
    setStatus: { method: 'PUT', path: '/api/learning/statuses' },
    markKnown: { method: 'POST', path: '/api/learning/statuses/known' },
    lessonStatuses: { method: 'GET', path: '/api/learning/statuses/lessons/:hub/:slug' },
    reviewQueue: { method: 'GET', path: '/api/learning/reviews' },
    answer: { method: 'POST', path: '/api/learning/reviews/answers' },
    undo: { method: 'POST', path: '/api/learning/reviews/undo' },
    summary: { method: 'GET', path: '/api/learning/progress' },
    progressHistory: { method: 'GET', path: '/api/learning/progress/history' },
    settings: { method: 'GET', path: '/api/learning/settings' },
    updateSettings: { method: 'PUT', path: '/api/learning/settings' },
    exportWords: { method: 'GET', path: '/api/learning/export' },
    importKnown: { method: 'POST', path: '/api/learning/import' },
  },
  /** Review reminder emails: the one-click unsubscribe of their signed link (docs/product.md, "Review reminders"). */
  reminders: {
    unsubscribePage: { method: 'GET', path: '/reminders/unsubscribe' },
    unsubscribe: { method: 'POST', path: '/reminders/unsubscribe' },
  },
  translation: {
    /** Google Cloud Translation (docs/product.md, "Translation on the server"). */
    google: { method: 'POST', path: '/api/Translation/translate' },
    /** DeepL (docs/product.md, "Translation on the server"). */
    deepl: { method: 'POST', path: '/api/Translator/translate' },
  },
  wordChecker: {
    check: { method: 'POST', path: '/api/word-checker/check' },
    lookup: { method: 'GET', path: '/api/dictionary/lookup' },
    inflection: { method: 'GET', path: '/api/words/inflection' },
  },
  /** Development only: the outbox, where no mail server is configured (never in production). */
  dev: {
    mail: { method: 'GET', path: '/api/dev/mail' },
    mailPage: { method: 'GET', path: '/dev/mail' },
  },
  /** Documents at the site root, outside /api. */
  site: {
    podcastFeed: { method: 'GET', path: '/podcast/feed.xml' },
    blogFeed: { method: 'GET', path: '/blog/feed.xml' },
    sitemap: { method: 'GET', path: '/sitemap.xml' },
    robots: { method: 'GET', path: '/robots.txt' },
    metrics: { method: 'GET', path: '/metrics' },
  },
} as const satisfies Record<string, Record<string, TRouteDef>>;

export type TRoutes = typeof ROUTES;
export type TResourceName = keyof TRoutes;

/**
 * The URL of a route: its path with the parameters filled in (percent-encoded) and the query appended (undefined
 * values left out). Throws when a parameter is missing: a URL with ':hub' in it is never sent.
 */
export function routeUrl(
  route: TRouteDef,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`${route.path}: the parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
