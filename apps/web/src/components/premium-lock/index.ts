export { PremiumLock, useLocked } from './premium-lock';
