export { AuthModal } from './components/auth-modal';
export { RegisterForm, type TRegisterFormProps } from './components/register-form';
