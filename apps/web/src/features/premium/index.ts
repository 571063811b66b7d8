export { PremiumPage, PREMIUM_TITLE, type TPremiumPageProps } from './components/premium-page';
export { SuccessPage, SUCCESS_TITLE, type TSuccessPageProps } from './components/success-page';
export { getPaymentsConfigQueryOptions, usePaymentsConfig } from './api/get-payments-config';
