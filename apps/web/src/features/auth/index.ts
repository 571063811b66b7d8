export { AuthModal } from './components/auth-modal';
export { RegisterForm, type TRegisterFormProps } from './components/register-form';
export { ConfirmEmail, type TConfirmEmailProps } from './components/confirm-email';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm, type TResetPasswordFormProps } from './components/reset-password-form';
