import { AdminPage } from '../../features/admin';

/** /admin: the payment tools for administrators (docs/product.md, "Admin page"). */
export default function AdminRoute() {
  return <AdminPage />;
}
