import type { TRouteDef } from './routes';

/**
 * Every route the server answers, by resource (routes.ts says what a route is; docs/api.md lists them). A module of
 * its own so that the web app can load it with its first request rather than with its first paint.
 */
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
    /** Change password and change email (issue 18 item 8; docs/product.md, "Changing the password or the email address"). */
    changePassword: { method: 'POST', path: '/api/account/change-password' },
    changeEmail: { method: 'POST', path: '/api/account/change-email' },
    confirmEmailChange: { method: 'POST', path: '/api/account/confirm-email-change' },
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
