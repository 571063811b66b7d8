export { AdminPage, ADMIN_TITLE } from './components/admin-page';
