import { AdminPage } from '../../features/admin';

/** /admin: the payment test buttons of spec §2 for administrators. */
export default function AdminRoute() {
  return <AdminPage />;
}
