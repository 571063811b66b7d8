export { PremiumModal, premiumBenefits, type TPremiumModalProps } from './premium-modal';
