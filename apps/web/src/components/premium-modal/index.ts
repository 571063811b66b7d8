export { PremiumModal, PREMIUM_BENEFITS, type TPremiumModalProps } from './premium-modal';
