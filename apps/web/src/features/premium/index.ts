export { PremiumPage, type TPremiumPageProps } from './components/premium-page';
export { SuccessPage, type TSuccessPageProps } from './components/success-page';
export { getPaymentsConfigQueryOptions, usePaymentsConfig } from './api/get-payments-config';
