/** Paths of the API under /api (spec §7), shared by the server's routers and the web client. */
export const API_PREFIX = '/api';

export const API_ROUTES = {
  health: '/health',
  account: {
    login: '/account/login',
    register: '/account/register',
    confirmEmail: '/account/confirmemail',
    saveSession: '/account/save-session',
    getSession: (userId: string) => `/account/get-session/${encodeURIComponent(userId)}`,
    forgotPassword: '/account/forgotpassword',
    resetPassword: '/account/resetpassword',
    sendEmailConfirmationLink: '/account/sendemailconfirmationlink',
    changeLanguage: '/account/changelanguage',
    settings: '/account/settings',
  },
  payments: {
    createCheckoutSession: '/payments/create-checkout-session',
    createCheckoutSession2: '/payments/create-checkout-session2',
    customerPortal: '/payments/customer-portal',
    userUpdatedRoles: (cacheBuster: number) => `/payments/user-updated-roles?cacheBuster=${cacheBuster}`,
    fetchStripeSubs: '/payments/fetch-stripe-subs',
    syncRoles: '/payments/sync-roles',
    selectedPrices: '/payments/get-selected-prices',
    selectedPrices2: '/payments/get-selected-prices2',
    userLocation: '/payments/get-user-location',
    webhook: '/payments/webhook',
  },
  translation: {
    google: '/Translation/translate',
    deepl: '/Translator/translate',
  },
  content: {
    hubs: '/content/hubs',
    hub: (hub: string) => `/content/hubs/${encodeURIComponent(hub)}`,
    lesson: (hub: string, slug: string) =>
      `/content/lessons/${encodeURIComponent(hub)}/${encodeURIComponent(slug)}`,
    lessonAudio: (hub: string, slug: string) =>
      `/content/media/lessons/${encodeURIComponent(hub)}/${encodeURIComponent(slug)}/audio`,
    progress: '/content/progress',
    podcast: '/content/podcast',
    podcastEpisode: (slug: string) => `/content/podcast/${encodeURIComponent(slug)}`,
    blog: '/content/blog',
    blogPost: (slug: string) => `/content/blog/${encodeURIComponent(slug)}`,
  },
  dev: { mail: '/dev/mail' },
} as const;
